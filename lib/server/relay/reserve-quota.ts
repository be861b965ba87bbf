// Reserve-or-refuse for every billed relay call (chat-like endpoints and per-call tasks): the
// ledger's refusal reasons become the caller-facing errors, and an unreachable shared ledger
// (Redis) refuses the call instead of serving it unbilled (fail closed).
import { exhaustedToken } from "@/lib/server/relay/auth";
import { reserve, type Reservation } from "@/lib/server/relay/billing/ledger";
import { RelayError } from "@/lib/server/relay/errors";
import { RedisUnavailableError } from "@/lib/server/redis/client";

export function quotaServiceUnavailable(): RelayError {
  return new RelayError(503, "The quota service is unavailable (cannot reach Redis); try again later", {
    code: "quota_service_unavailable",
  });
}

export async function reserveOrRefuse(
  userId: number,
  token: { id: number } | null,
  tokenId: number | null,
  amount: number,
): Promise<Reservation> {
  let r;
  try {
    r = await reserve(userId, tokenId, amount);
  } catch (err) {
    if (err instanceof RedisUnavailableError) throw quotaServiceUnavailable();
    throw err;
  }
  if (r.ok) return r.reservation;
  if (r.reason === "token_exhausted") {
    if (token) exhaustedToken(token.id);
    throw new RelayError(401, "This token's quota is exhausted", {
      type: "authentication_error",
      code: "token_exhausted",
    });
  }
  if (r.reason === "token_insufficient") {
    throw new RelayError(403, `Token quota is not enough (remaining ${r.tokenRemain})`, {
      code: "pre_consume_token_quota_failed",
    });
  }
  throw new RelayError(403, `Insufficient user quota (remaining ${r.userQuota})`, { code: "insufficient_user_quota" });
}
