import "server-only";

// Virtual models (option ModelMapping): a request naming a virtual model
// is served by its actual models, higher priority number first. Each actual model is a "route":
// its own channel candidates and its own price (billing uses the actual model's price). Models
// that are not virtual have exactly one route. The mapping is parsed once per option value.
import type { ModelPricing, PriceTable } from "@/lib/server/ledger/pricing";
import { priceModel } from "@/lib/server/ledger/pricing";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { orderTargets, type ModelMapping } from "@/modules/pricing/model-mapping";
import { relayError } from "@/relay/kernel/error-codes";
import { parseJsonMap } from "@/lib/own-keys";

export type ModelRoute = { model: string; candidates: CachedChannel[]; pricing: ModelPricing };

let memo: { text: string; order: Map<string, string[]> } | null = null;

/** Virtual model → its actual models in trial order (memoised per ModelMapping text). */
export function virtualModels(text: string | undefined): Map<string, string[]> {
  const t = text ?? "";
  if (memo?.text === t) return memo.order;
  const order = new Map<string, string[]>();
  try {
    const parsed = parseJsonMap<ModelMapping>(t || "{}");
    for (const [virtual, targets] of Object.entries(parsed)) {
      if (Array.isArray(targets) && targets.length) order.set(virtual, orderTargets(targets));
    }
  } catch {
    // unparsable (never stored through the API): no virtual models
  }
  memo = { text: t, order };
  return order;
}

export type RouteInput = {
  model: string;
  mappingText: string | undefined;
  table: PriceTable;
  group: string;
  acceptUnset: boolean;
  /** Channels able to serve (group, model); a pinned channel is the only candidate for every model. */
  candidatesFor: (model: string) => CachedChannel[];
};

/**
 * The routes of a request in trial order (empty when no actual model has a channel: the caller
 * answers 503 model_not_found after its rate limits), and the pricing to start with. Throws
 * model_price_error when no model that could serve the request is priced.
 */
export function resolveRoutes(input: RouteInput): { routes: ModelRoute[]; pricing: ModelPricing } {
  const { model, table, group, acceptUnset } = input;
  const actual = virtualModels(input.mappingText).get(model) ?? [model];
  const routes: ModelRoute[] = [];
  let firstPriced: ModelPricing | null = null;
  let unpricedWithChannel: string | null = null;
  for (const m of actual) {
    const pricing = priceModel(table, m, group, acceptUnset);
    firstPriced ??= pricing;
    const candidates = input.candidatesFor(m);
    if (!candidates.length) continue;
    if (!pricing) unpricedWithChannel ??= m;
    else routes.push({ model: m, candidates, pricing });
  }
  const pricing = routes[0]?.pricing ?? (unpricedWithChannel === null ? firstPriced : null);
  if (!pricing) throw relayError("model_price_missing", { model: unpricedWithChannel ?? actual[0] ?? "" });
  return { routes, pricing };
}
