import "server-only";

// Reserve-or-refuse for every billed relay call (chat-like endpoints and per-call tasks): the
// ledger's refusal reasons become the caller-facing errors, and an unreachable shared ledger
// (Redis) refuses the call instead of serving it unbilled (fail closed).
import { TOKEN_STATUS } from "@/lib/constants";
import { markTokenStatus } from "@/lib/server/cache/token-cache";
import { reserve, type Reservation } from "@/lib/server/ledger/ledger";
import { RelayError } from "@/relay/kernel/errors";
import { RedisUnavailableError } from "@/lib/server/redis/client";
import type { Locale } from "@/lib/i18n/config";
import { localeOfRequest } from "@/lib/server/i18n/server-messages";
import { relayError } from "@/relay/kernel/error-codes";

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

export async function reserveOrRefuse(
  userId: number,
  token: { id: number } | null,
  tokenId: number | null,
  amount: number,
  opts: ReserveOptions = {},
): Promise<Reservation> {
  let r;
  try {
    r = await reserve(userId, tokenId, amount, opts.min ?? amount);
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
  if (r.reason === "token_insufficient") {
    throw relayError("token_insufficient", { remain: r.tokenRemain });
  }
  throw relayError("user_insufficient", { remain: r.userQuota });
}
