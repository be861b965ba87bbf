// Named rate limiters. In memory for a single instance; the multi-instance issue swaps the store for
// Redis behind the same functions (rate-limiter-flexible has both).
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";

type LimiterName =
  | "critical"
  | "login_failures"
  | "redeem_failures"
  | "user_critical"
  | "mail_send_ip"
  | "mail_send_address"
  | "mail_send_address_hourly"
  | "mail_code_failures";

/** Failed redemption attempts allowed per user per window (brute force of codes). */
export const REDEEM_FAILURES = { points: 10, duration: 600 } as const;
/** Sensitive per-user actions (system token reset, invite-quota transfer): new-api's 20 per 1200 s. */
export const USER_CRITICAL = { points: 20, duration: 1200 } as const;
/** Mails (verification codes, reset links) per client IP: new-api's 2 per 30 s. */
export const MAIL_SEND_IP = { points: 2, duration: 30 } as const;
/** Mails per recipient address: one per UI countdown (30 s), and at most 10 an hour (inbox flooding). */
export const MAIL_SEND_ADDRESS = { points: 1, duration: 30 } as const;
export const MAIL_SEND_ADDRESS_HOURLY = { points: 10, duration: 3600 } as const;
/** Wrong e-mail codes per address before it is locked out (guessing a 6-digit code). */
export const MAIL_CODE_FAILURES = { points: 5, duration: 600 } as const;
const FIXED: Partial<Record<LimiterName, { points: number; duration: number }>> = {
  mail_send_ip: MAIL_SEND_IP,
  mail_send_address: MAIL_SEND_ADDRESS,
  mail_send_address_hourly: MAIL_SEND_ADDRESS_HOURLY,
  mail_code_failures: MAIL_CODE_FAILURES,
};
const g = globalThis as unknown as { __gatewayLimiters?: Map<LimiterName, RateLimiterMemory> };

function limiter(name: LimiterName): RateLimiterMemory {
  g.__gatewayLimiters ??= new Map();
  let l = g.__gatewayLimiters.get(name);
  if (!l) {
    const e = env();
    const fixed = FIXED[name];
    l = fixed
      ? new RateLimiterMemory({ keyPrefix: name, ...fixed })
      : name === "critical"
        ? new RateLimiterMemory({
            keyPrefix: name,
            points: e.CRITICAL_RATE_LIMIT,
            duration: e.CRITICAL_RATE_LIMIT_WINDOW,
          })
        : name === "redeem_failures"
          ? new RateLimiterMemory({ keyPrefix: name, ...REDEEM_FAILURES })
          : name === "user_critical"
            ? new RateLimiterMemory({ keyPrefix: name, ...USER_CRITICAL })
            : new RateLimiterMemory({
                keyPrefix: name,
                points: e.LOGIN_RATE_LIMIT,
                duration: e.LOGIN_RATE_LIMIT_WINDOW,
              });
    g.__gatewayLimiters.set(name, l);
  }
  return l;
}

/** Consumes one point; returns the seconds to wait when the limit is exceeded, else 0. */
export async function consume(name: LimiterName, key: string): Promise<number> {
  try {
    await limiter(name).consume(key);
    return 0;
  } catch (res) {
    if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    throw res;
  }
}

/** Seconds to wait if the key has no points left, without consuming; else 0. */
export async function blockedFor(name: LimiterName, key: string): Promise<number> {
  const res = await limiter(name).get(key);
  if (res && res.remainingPoints <= 0) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return 0;
}

export async function reset(name: LimiterName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

export function resetAllLimitersForTests(): void {
  g.__gatewayLimiters = undefined;
}
