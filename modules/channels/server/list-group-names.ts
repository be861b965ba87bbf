import "server-only";

import { getJsonOption } from "@/lib/server/options/store";

/** GET /api/group/: the group names priced in GroupRatio, in the admin's order. */
export async function listGroupNames(): Promise<string[]> {
  return Object.keys(await getJsonOption("GroupRatio", {}));
}
