import "server-only";

// Output capped to the balance (issue 17 item 4). A ratio-priced call costs more the more it writes,
// and what is charged above the reservation is only charged as far as the balance goes: so the
// reservation must cover the whole output limit sent upstream. We reserve the cost of the requested
// limit (max_tokens, or OUTPUT_BOUND when the client set none) or, when the balance holds less, the
// whole balance down to the cost of the prompt plus one output token; then the output limit sent
// upstream is cut to what the reservation pays for. Nothing affordable: refused, stating the need.
import type { RelayMode, WireFormat } from "@/lib/server/relay/vendors/types";
import { formatFor } from "@/lib/server/relay/vendors";
import { quotaToReserve, type ModelPricing, type PriceTable } from "@/lib/server/ledger/pricing";

/** Output tokens reserved for a call without a limit (the hold while the call runs). */
export const OUTPUT_BOUND = 32_768;

const OUTPUT_MODES = new Set<RelayMode>(["chat", "completions", "responses"]);

export type ReservePlan = {
  /** Quota wanted (the requested output limit's cost, priced at the most expensive route). */
  amount: number;
  /** Smallest acceptable reservation (prompt + one output token); = amount when nothing is capped. */
  min: number;
  /** Output tokens the plan was made for (the client's max_tokens, or OUTPUT_BOUND). */
  requested: number;
  /** The output limit a reservation of `reserved` pays for, or null when no cap is needed. */
  capFor: (reserved: number) => number | null;
};

export function planReservation(
  pricings: ModelPricing[],
  promptTokens: number,
  maxTokens: number,
  table: PriceTable,
  otherRatio: number,
  mode: RelayMode,
): ReservePlan {
  const capped = OUTPUT_MODES.has(mode) && pricings.every((p) => p.mode === "ratio");
  const requested = maxTokens > 0 ? maxTokens : capped ? Math.max(OUTPUT_BOUND, table.preConsumedQuota) : 0;
  const amount = Math.max(...pricings.map((p) => quotaToReserve(p, promptTokens, requested, table, otherRatio)));
  if (!capped) return { amount, min: amount, requested, capFor: () => null };
  const scale = (p: ModelPricing) => (p.mode === "ratio" ? p.modelRatio * p.groupRatio * otherRatio : 0);
  const promptCost = Math.max(...pricings.map((p) => promptTokens * scale(p)));
  const perToken = Math.max(...pricings.map((p) => (p.mode === "ratio" ? p.completionRatio * scale(p) : 0)));
  if (!(perToken > 0)) return { amount, min: amount, requested, capFor: () => null };
  const min = Math.min(amount, Math.max(1, Math.ceil(promptCost + perToken)));
  return {
    amount,
    min,
    requested,
    capFor: (reserved) =>
      reserved >= amount ? null : Math.max(1, Math.min(requested, Math.floor((reserved - promptCost) / perToken))),
  };
}

/** Writes the output limit into the client's body, in the field its format and endpoint use. */
export function capOutputTokens(body: Record<string, unknown>, format: WireFormat, mode: RelayMode, cap: number) {
  formatFor(format).capOutput(body, mode, cap);
}
