import "server-only";

// Which routes and channels serve a request. Virtual models (option ModelMapping): a request naming
// a virtual model is served by its actual models, higher priority number first. Each actual model is a "route":
// its own channel candidates and its own price (billing uses the actual model's price). Models
// that are not virtual have exactly one route. The mapping is parsed once per option value.
//
// Channel choice: the highest priority tier first, weighted random inside a tier; each retry moves
// one tier down and never picks a channel that already failed while an untried one remains.
import type { ModelPricing, PriceTable } from "@/lib/server/ledger/pricing";
import { priceModel } from "@/lib/server/ledger/pricing";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";
import { orderTargets, type ModelMapping } from "@/modules/settings/server";
import { relayError } from "@/relay/kernel/error-codes";
import { parseJsonMap } from "@/lib/own-keys";

function weightedPick(candidates: CachedChannel[], random: () => number): CachedChannel {
  const total = candidates.reduce((s, c) => s + Math.max(0, c.weight), 0);
  if (total <= 0) return candidates[Math.floor(random() * candidates.length)]!;
  let r = random() * total;
  for (const c of candidates) {
    r -= Math.max(0, c.weight);
    if (r < 0) return c;
  }
  return candidates[candidates.length - 1]!;
}

/**
 * @param channels enabled channels able to serve (group, model), sorted by priority descending
 * @param retry 0 for the first attempt, 1 for the first retry, ...
 * @param tried ids of channels that already failed for this request
 */
export function selectChannel(
  channels: CachedChannel[],
  retry: number,
  tried: ReadonlySet<number>,
  random: () => number = Math.random,
): CachedChannel | null {
  if (channels.length === 0) return null;
  const tiers: CachedChannel[][] = [];
  for (const c of channels) {
    const last = tiers[tiers.length - 1];
    if (last && last[0]!.priority === c.priority) last.push(c);
    else tiers.push([c]);
  }
  const start = Math.min(retry, tiers.length - 1);
  for (let i = start; i < tiers.length; i++) {
    const untried = tiers[i]!.filter((c) => !tried.has(c.id));
    if (untried.length) return weightedPick(untried, random);
  }
  for (let i = start - 1; i >= 0; i--) {
    const untried = tiers[i]!.filter((c) => !tried.has(c.id));
    if (untried.length) return weightedPick(untried, random);
  }
  return null;
}

/** Picks the key of a multi-key channel (random or round-robin over the enabled keys). */
export function selectKey(
  channel: CachedChannel,
  random: () => number = Math.random,
): { key: string; index: number } | null {
  if (!channel.multiKey) return channel.keys[0] ? { key: channel.keys[0], index: 0 } : null;
  const enabled = channel.keys
    .map((k, i) => ({ key: k, index: i }))
    .filter((k) => !channel.multiKey!.disabled.has(k.index));
  if (!enabled.length) return null;
  if (channel.multiKey.mode === "polling") {
    const pick = enabled[channel.multiKey.pollIndex % enabled.length]!;
    channel.multiKey.pollIndex = (channel.multiKey.pollIndex + 1) % Number.MAX_SAFE_INTEGER;
    return pick;
  }
  return enabled[Math.floor(random() * enabled.length)]!;
}

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
