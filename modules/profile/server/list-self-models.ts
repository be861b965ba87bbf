import "server-only";

// GET /api/user/models: the models some enabled channel serves in a group the caller may use (the
// token drawer's model-limit choices and the playground's model list).
import { getOptions } from "@/lib/server/options/store";
import { db } from "@/lib/server/db";
import { getRouting } from "@/lib/server/cache/channel-cache";

export async function listSelfModels(userId: number, group?: string): Promise<string[]> {
  const [user, options, routing] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { group: true } }),
    getOptions(),
    getRouting(),
  ]);
  const usable = new Set(Object.keys(options.json("UserUsableGroups", {})));
  usable.add(user?.group ?? "default");
  const groups = group ? (usable.has(group) ? [group] : []) : [...usable];
  const models = new Set<string>();
  for (const g of groups) for (const m of routing.abilities.get(g)?.keys() ?? []) models.add(m);
  return [...models].sort();
}
