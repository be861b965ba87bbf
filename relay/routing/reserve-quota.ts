import "server-only";

// Reserve-or-refuse for every billed relay call (chat-like endpoints and per-call tasks): the
// ledger's refusal reasons become the caller-facing errors, and an unreachable shared ledger
// (Redis) refuses the call instead of serving it unbilled (fail closed).
//
// What to reserve, with the output capped to it (issue 17 item 4, review N2): a ratio-priced call
// costs more the more it writes, and what it spends beyond the balance becomes a debt, so the
// reservation must cover the whole output sent upstream. We reserve the cost of the requested limit (the largest of
// the request's limit fields, or OUTPUT_BOUND when the client set none) times the choices (n,
// candidateCount) or, when the balance holds less, the whole balance down to the cost of the prompt
// plus one output token per choice; then the per-choice output limit is written into every limit
// field the request carries (kernel/output-limits.ts). Nothing affordable: refused, stating the need.
import { TOKEN_STATUS } from "@/lib/constants";
import { markTokenStatus } from "@/lib/server/cache/token-cache";
import { reserve, type Reservation } from "@/lib/server/ledger/ledger";
import { RelayError } from "@/relay/kernel/errors";
import { RedisUnavailableError } from "@/lib/server/redis/client";
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest } from "@/lib/server/i18n/server-messages";
import { relayError } from "@/relay/kernel/error-codes";
import type { RelayMode, WireFormat } from "@/relay/kernel/adapter";
import { formatFor } from "@/relay/vendors";
import { quotaToReserve, type ModelPricing, type PriceTable } from "@/lib/server/ledger/pricing";

export function quotaServiceUnavailable(): RelayError {
  return relayError("quota_service_unavailable");
}

type RequestHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** The caller's language (cookie, else Accept-Language) for the refusal text. */
function localeOf(headers: RequestHeaders): Locale {
  const h = new Headers();
  for (const name of ["cookie", "accept-language"]) {
    const v = headers[name];
    if (typeof v === "string") h.set(name, v);
  }
  return localeOfRequest(h);
}

export type ReserveOptions = {
  /** Accept a smaller reservation down to this (the output is then capped to it). */
  min?: number;
  /** Output tokens asked for, named in the refusal when not even `min` is available. */
  outputTokens?: number;
  headers?: RequestHeaders;
};

/** The user a reservation is for; the setting's billing_preference says whether plans or wallet pay first. */
export type Payer = { id: number; setting: { billing_preference?: string } };

export async function reserveOrRefuse(
  payer: Payer,
  token: { id: number } | null,
  tokenId: number | null,
  amount: number,
  opts: ReserveOptions = {},
): Promise<Reservation> {
  let r;
  try {
    r = await reserve(payer.id, tokenId, amount, opts.min ?? amount, payer.setting.billing_preference);
  } catch (err) {
    if (err instanceof RedisUnavailableError) throw quotaServiceUnavailable();
    throw err;
  }
  if (r.ok) return r.reservation;
  if (r.reason === "token_exhausted") {
    if (token) markTokenStatus(token.id, TOKEN_STATUS.exhausted);
    throw relayError("token_exhausted");
  }
  if ((r.reason === "token_insufficient" || r.reason === "user_insufficient") && opts.outputTokens) {
    const available = r.reason === "token_insufficient" ? r.tokenRemain : r.userQuota;
    throw relayError(
      "output_unaffordable",
      { requested: opts.outputTokens, needed: amount, minimum: opts.min ?? amount, available },
      {
        locale: localeOf(opts.headers ?? {}),
        code: r.reason === "token_insufficient" ? "pre_consume_token_quota_failed" : "insufficient_user_quota",
      },
    );
  }
  if (r.reason === "subscription_insufficient" || r.reason === "plan_reset_due") {
    throw relayError("subscription_insufficient", {}, { locale: localeOf(opts.headers ?? {}) });
  }
  if (r.reason === "token_insufficient") {
    throw relayError("token_insufficient", { remain: r.tokenRemain });
  }
  throw relayError("user_insufficient", { remain: r.userQuota });
}

/** Output tokens reserved for a call without a limit (the hold while the call runs). */
export const OUTPUT_BOUND = 32_768;

const OUTPUT_MODES = new Set<RelayMode>(["chat", "completions", "responses"]);

export type ReservePlan = {
  /** Quota wanted (the requested output limit's cost for every choice, at the most expensive route). */
  amount: number;
  /** Smallest acceptable reservation (prompt + one output token per choice); = amount when nothing is capped. */
  min: number;
  /** Output tokens per choice the plan was made for (the client's limit, or OUTPUT_BOUND). */
  requested: number;
  /**
   * The per-choice output limit to write into the request for a reservation of `reserved`, or null
   * when nothing needs writing (the client set no limit and the reservation covers OUTPUT_BOUND).
   * With a client limit it is always an answer, even when affordable: every alias field gets it.
   */
  capFor: (reserved: number) => number | null;
};

export function planReservation(
  pricings: ModelPricing[],
  promptTokens: number,
  maxTokens: number,
  table: PriceTable,
  otherRatio: number,
  mode: RelayMode,
  choices = 1,
): ReservePlan {
  const capped = OUTPUT_MODES.has(mode) && pricings.every((p) => p.mode === "ratio");
  const n = capped ? Math.max(1, Math.floor(choices)) : 1;
  const requested = maxTokens > 0 ? maxTokens : capped ? Math.max(OUTPUT_BOUND, table.preConsumedQuota) : 0;
  const amount = Math.max(...pricings.map((p) => quotaToReserve(p, promptTokens, requested * n, table, otherRatio)));
  if (!capped) return { amount, min: amount, requested, capFor: () => null };
  const scale = (p: ModelPricing) => (p.mode === "ratio" ? p.modelRatio * p.groupRatio * otherRatio : 0);
  const promptCost = Math.max(...pricings.map((p) => promptTokens * scale(p)));
  const perToken = Math.max(...pricings.map((p) => (p.mode === "ratio" ? p.completionRatio * scale(p) : 0)));
  const clientLimit = maxTokens > 0;
  if (!(perToken > 0)) return { amount, min: amount, requested, capFor: () => (clientLimit ? requested : null) };
  const min = Math.min(amount, Math.max(1, Math.ceil(promptCost + perToken * n)));
  return {
    amount,
    min,
    requested,
    capFor: (reserved) => {
      if (reserved >= amount) return clientLimit ? requested : null;
      return Math.max(1, Math.min(requested, Math.floor((reserved - promptCost) / perToken / n)));
    },
  };
}

/** Writes the output limit into the client's body, in the field its format and endpoint use. */
export function capOutputTokens(body: Record<string, unknown>, format: WireFormat, mode: RelayMode, cap: number) {
  formatFor(format).capOutput(body, mode, cap);
}
