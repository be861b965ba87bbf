import "server-only";

// Named rate limiters (fixed windows, rate-limiter-flexible). In this process for a single instance,
// in the primary for worker processes (which ask it over server/workers/ipc.ts: one set of
// counters for the primary's own requests and theirs); with REDIS_URL in Redis, shared by every
// instance, so N instances do not allow N times the points.
// Fail closed: when Redis cannot be reached the caller gets AppError "unavailable" (503), never a
// pass — a login limit that is silently lifted during an outage is an open door for guessing.
import type Redis from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/http/app-error";
import { redisEnabled } from "@/lib/server/redis/client";
import { readyRedis } from "@/lib/server/redis/when-ready";
import { singleton } from "@/lib/server/singleton";
import { request, workerIpc } from "@/server/workers/ipc";

type LimiterName =
  | "critical"
  | "login_failures"
  | "login_account_failures"
  | "password_change_failures"
  | "relay_auth_failures"
  | "redeem_failures"
  | "user_critical"
  | "mail_send_ip"
  | "mail_send_address"
  | "mail_send_address_hourly"
  | "mail_code_failures"
  | "second_factor_failures";

export type LimiterSpec = { points: number; duration: number };

/**
 * Failed logins allowed per account (by any address) within LOGIN_RATE_LIMIT_WINDOW: twice the
 * per-address limit, so one address cannot lock a user out by itself, while guessing one password
 * from many addresses is still bounded.
 */
const LOGIN_ACCOUNT_FACTOR = 2;

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
/** Wrong two-factor codes (TOTP, backup, re-typed password) per account: new-api's 5, then 300 s locked. */
export const SECOND_FACTOR_FAILURES = { points: 5, duration: 300 } as const;

function specOf(name: LimiterName): LimiterSpec {
  const e = env();
  switch (name) {
    case "critical":
      return { points: e.CRITICAL_RATE_LIMIT, duration: e.CRITICAL_RATE_LIMIT_WINDOW };
    case "login_failures":
      return { points: e.LOGIN_RATE_LIMIT, duration: e.LOGIN_RATE_LIMIT_WINDOW };
    case "login_account_failures":
      return { points: e.LOGIN_RATE_LIMIT * LOGIN_ACCOUNT_FACTOR, duration: e.LOGIN_RATE_LIMIT_WINDOW };
    // Wrong current passwords on PUT /api/user/self, per account and per address: as logins.
    case "password_change_failures":
      return { points: e.LOGIN_RATE_LIMIT, duration: e.LOGIN_RATE_LIMIT_WINDOW };
    case "relay_auth_failures":
      return { points: e.RELAY_AUTH_FAILURE_LIMIT, duration: e.RELAY_AUTH_FAILURE_WINDOW };
    case "redeem_failures":
      return REDEEM_FAILURES;
    case "user_critical":
      return USER_CRITICAL;
    case "mail_send_ip":
      return MAIL_SEND_IP;
    case "mail_send_address":
      return MAIL_SEND_ADDRESS;
    case "mail_send_address_hourly":
      return MAIL_SEND_ADDRESS_HOURLY;
    case "second_factor_failures":
      return SECOND_FACTOR_FAILURES;
    case "mail_code_failures":
      return MAIL_CODE_FAILURES;
  }
}

type Built = { limiter: RateLimiterAbstract; client: Redis | null };
const limiters = singleton("http.rate-limiters", () => new Map<string, Built>());

/** The limiter of a key prefix, in Redis when REDIS_URL is set (rebuilt if the connection was replaced). */
async function limiterFor(keyPrefix: string, spec: LimiterSpec): Promise<RateLimiterAbstract> {
  const client = redisEnabled() ? await readyRedis().catch(unavailable) : null;
  let built = limiters.get(keyPrefix);
  if (!built || built.client !== client) {
    const limiter = client
      ? // ioredis (not node-redis: no useRedisPackage); a connection that is not ready is refused at once.
        new RateLimiterRedis({ storeClient: client, rejectIfRedisNotReady: true, keyPrefix, ...spec })
      : new RateLimiterMemory({ keyPrefix, ...spec });
    built = { limiter, client };
    limiters.set(keyPrefix, built);
  }
  return built.limiter;
}

function unavailable(): never {
  throw new AppError("unavailable", "rate_limit_unavailable");
}

const waitSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** One operation on a limiter's key; "consume" and "get" answer the seconds to wait (0: go on). */
export type LimitCall = { op: "consume" | "get" | "delete"; name: string; spec: LimiterSpec; key: string };

/** A limiter operation on this process's counters (in a primary, for its workers too). */
export async function limitHere({ op, name, spec, key }: LimitCall): Promise<number> {
  const limiter = await limiterFor(name, spec);
  if (op === "delete") {
    await limiter.delete(key).catch(() => undefined); // best effort: a counter left behind only errs strict
    return 0;
  }
  if (op === "get") {
    const res = await limiter.get(key).catch(unavailable);
    return res && res.remainingPoints <= 0 ? waitSeconds(res) : 0;
  }
  try {
    await limiter.consume(key);
    return 0;
  } catch (res) {
    if (res instanceof RateLimiterRes) return waitSeconds(res);
    return unavailable(); // the store failed: refuse rather than let the request through
  }
}

/** limitHere, or in a worker without Redis: in the primary, where the counters of all processes are. */
function limit(call: LimitCall): Promise<number> {
  if (!workerIpc()) return limitHere(call);
  return request("limit", { l: call }).then(Number, unavailable);
}

/** Consumes one point of a limiter defined by its owner; seconds to wait when exceeded, else 0. */
export function consumePoint(keyPrefix: string, spec: LimiterSpec, key: string): Promise<number> {
  return limit({ op: "consume", name: keyPrefix, spec, key });
}

/** Consumes one point; returns the seconds to wait when the limit is exceeded, else 0. */
export async function consume(name: LimiterName, key: string): Promise<number> {
  return consumePoint(name, specOf(name), key);
}

/** Seconds to wait if the key has no points left, without consuming; else 0. */
export async function blockedFor(name: LimiterName, key: string): Promise<number> {
  return limit({ op: "get", name, spec: specOf(name), key });
}

/** Clears a key after success. Best effort: a counter left behind only errs on the strict side. */
export async function reset(name: LimiterName, key: string): Promise<void> {
  await limit({ op: "delete", name, spec: specOf(name), key }).catch(() => undefined);
}

export function resetAllLimitersForTests(): void {
  limiters.clear();
}
