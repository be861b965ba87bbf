import "server-only";

// GET /api/user/self/groups: the groups the caller may put tokens in, as {group: {desc, ratio}}, with
// the caller's own group first.
import { db } from "@/lib/server/db";
import { getOptions } from "@/lib/server/options/store";
import { ownValue } from "@/lib/own-keys";

export type GroupInfo = { desc: string; ratio: number };

export async function listSelfGroups(userId: number): Promise<Record<string, GroupInfo>> {
  const [user, options] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { group: true } }),
    getOptions(),
  ]);
  const usable = options.json("UserUsableGroups", {});
  const ratios = options.json("GroupRatio", {});
  const own = user?.group ?? "default";
  // Group names are admin-chosen keys: no prototype to set or inherit from (lib/own-keys.ts).
  const out: Record<string, GroupInfo> = Object.create(null);
  out[own] = { desc: ownValue(usable, own) ?? own, ratio: ownValue(ratios, own) ?? 1 };
  for (const [group, desc] of Object.entries(usable)) {
    if (group === own || !Object.hasOwn(ratios, group)) continue;
    out[group] = { desc, ratio: ratios[group] ?? 1 };
  }
  return out;
}
