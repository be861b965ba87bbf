import "server-only";

// GET /api/user/self/groups: the groups the caller may put tokens in, as {group: {desc, ratio}}, with
// the caller's own group first (spec 2 §7 Tokens; server-behaviour §7 "User groups").
import { db } from "@/lib/server/db";
import { getOptions, parseJsonOption } from "@/lib/server/options/store";

export type GroupInfo = { desc: string; ratio: number };

export async function listSelfGroups(userId: number): Promise<Record<string, GroupInfo>> {
  const [user, options] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { group: true } }),
    getOptions(),
  ]);
  const usable = parseJsonOption<Record<string, string>>(options.get("UserUsableGroups") ?? "{}", {});
  const ratios = parseJsonOption<Record<string, number>>(options.get("GroupRatio") ?? "{}", {});
  const own = user?.group ?? "default";
  const out: Record<string, GroupInfo> = {};
  out[own] = { desc: usable[own] ?? own, ratio: ratios[own] ?? 1 };
  for (const [group, desc] of Object.entries(usable)) {
    if (group === own || !(group in ratios)) continue;
    out[group] = { desc, ratio: ratios[group] ?? 1 };
  }
  return out;
}
