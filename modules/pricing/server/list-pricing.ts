import "server-only";

// GET /api/pricing (public): every model some enabled channel serves, with how it is priced, the
// groups it is offered in, the group ratios and the groups the caller may use.
// Visitors get the default group; unpriced models are left out unless the site
// runs in self-use mode, as the relay would refuse them.
// Only usable groups are shown (new-api's GetPricing filters group_ratio the same way): a visitor sees
// the groups a new user could use (UserUsableGroups plus "default"), a signed-in user UserUsableGroups
// plus their own group. Other groups (internal or granted per user) are neither listed nor named in
// enable_groups, and a model offered only in them is left out.
import { QUOTA_TYPE, type QuotaType } from "@/lib/constants";
import { getOptions } from "@/lib/server/options/store";
import { getPriceTable, priceModel } from "@/lib/server/ledger/pricing";
import { getRouting } from "@/lib/server/cache/channel-cache";

export type PricingModel = {
  model_name: string;
  quota_type: QuotaType;
  model_ratio: number;
  completion_ratio: number;
  model_price: number;
  enable_groups: string[];
};

export async function listPricing(caller: { group: string } | null) {
  const [routing, table, options] = await Promise.all([getRouting(), getPriceTable(), getOptions()]);
  const usable = options.json("UserUsableGroups", {});
  const ownGroup = caller?.group ?? "default";
  const usableGroup: Record<string, string> = { [ownGroup]: usable[ownGroup] ?? ownGroup, ...usable };
  const groupsOf = new Map<string, string[]>();
  for (const [group, models] of routing.abilities) {
    if (!Object.hasOwn(usableGroup, group)) continue;
    for (const model of models.keys()) groupsOf.set(model, [...(groupsOf.get(model) ?? []), group]);
  }

  const data: PricingModel[] = [];
  for (const [model, groups] of [...groupsOf].sort(([a], [b]) => a.localeCompare(b))) {
    const p = priceModel(table, model, "default", false);
    if (!p) continue;
    data.push(
      p.mode === "price"
        ? {
            model_name: model,
            quota_type: QUOTA_TYPE.perCall,
            model_ratio: 0,
            completion_ratio: 0,
            model_price: p.price,
            enable_groups: groups.sort(),
          }
        : {
            model_name: model,
            quota_type: QUOTA_TYPE.perToken,
            model_ratio: p.modelRatio,
            completion_ratio: p.completionRatio,
            model_price: 0,
            enable_groups: groups.sort(),
          },
    );
  }
  const groupRatio = Object.fromEntries(
    Object.entries(table.groupRatio).filter(([group]) => Object.hasOwn(usableGroup, group)),
  );
  return { data, group_ratio: groupRatio, usable_group: usableGroup };
}
