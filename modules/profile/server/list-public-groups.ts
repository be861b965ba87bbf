import "server-only";

// GET /api/user/groups without a session: new-api answers the groups every user may use
// (UserUsableGroups) that have a group ratio, as {group: {ratio, desc}}.
import { getOptions } from "@/lib/server/options/store";
import type { GroupInfo } from "@/modules/profile/server/list-self-groups";

export async function listPublicGroups(): Promise<Record<string, GroupInfo>> {
  const options = await getOptions();
  const usable = options.json("UserUsableGroups", {});
  const ratios = options.json("GroupRatio", {});
  // Group names are admin-chosen keys: no prototype to set or inherit from (lib/own-keys.ts).
  const out: Record<string, GroupInfo> = Object.create(null);
  for (const [group, desc] of Object.entries(usable)) {
    if (Object.hasOwn(ratios, group)) out[group] = { desc, ratio: ratios[group] ?? 1 };
  }
  return out;
}
