import "server-only";

import { getOption, parseJsonOption } from "@/lib/server/options/store";

/** GET /api/group/: the group names priced in GroupRatio, in the admin's order. */
export async function listGroupNames(): Promise<string[]> {
  return Object.keys(parseJsonOption<Record<string, unknown>>(await getOption("GroupRatio"), {}));
}
