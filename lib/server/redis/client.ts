import "server-only";

// The one Redis connection module (ioredis). Present only when REDIS_URL is set; everything that
// can be shared between instances (balances, rate limits, cache invalidation, job leases) asks
// `redis()` and falls back to in-process state when it answers null.
//
// Fail closed: commands are not queued while the connection is down (enableOfflineQueue: false) and
// are retried at most once, so a caller gets an error within about a second instead of hanging, and
// turns it into a refusal (RedisUnavailableError) rather than guessing.
import os from "node:os";
import { randomBytes } from "node:crypto";
import type Redis from "ioredis";
import { env } from "@/lib/env";
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { singleton } from "@/lib/server/singleton";

/** Key prefix of everything we store, so a shared Redis can host other applications too. */
export const KEY_PREFIX = "gw:";

export class RedisUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("Redis is unreachable", { cause });
    this.name = "RedisUnavailableError";
  }
}

type State = { client: Redis | null; subscriber: Redis | null; hooked: boolean };
const state = singleton<State>("redis.client", () => ({ client: null, subscriber: null, hooked: false }));

/** ioredis, loaded on first use: a gateway without REDIS_URL (most) never pays its ~11 MB. */
function ioredis(): typeof Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("ioredis") as { default: typeof Redis }).default;
}

function connect(role: "commands" | "subscriber"): Redis {
  const url = env().REDIS_URL!;
  const RedisClient = ioredis();
  const client = new RedisClient(url, {
    keyPrefix: role === "commands" ? KEY_PREFIX : undefined,
    enableOfflineQueue: role === "subscriber",
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: role === "commands" ? 2_000 : undefined,
    // Reconnect quickly and forever: the instance refuses work meanwhile (fail closed).
    retryStrategy: (times) => Math.min(50 * times, 1_000),
    lazyConnect: false,
  });
  client.on("error", (err) => logger().warn({ err: err.message, role }, "redis connection error"));
  if (!state.hooked) {
    state.hooked = true;
    // After every other hook (flushes, retries, lease releases still need the connection).
    onShutdown(async () => {
      await Promise.allSettled([state.client?.quit(), state.subscriber?.quit()]);
      state.client = null;
      state.subscriber = null;
    }, "close");
  }
  return client;
}

export function redisEnabled(): boolean {
  return !!env().REDIS_URL;
}

/** The shared command connection (keys prefixed with KEY_PREFIX), or null without REDIS_URL. */
export function redis(): Redis | null {
  if (!redisEnabled()) return null;
  state.client ??= connect("commands");
  return state.client;
}

/** A second connection for SUBSCRIBE (a subscribed connection cannot run other commands). */
export function redisSubscriber(): Redis | null {
  if (!redisEnabled()) return null;
  state.subscriber ??= connect("subscriber");
  return state.subscriber;
}

/** True when the command connection is up (readiness, metrics). */
export function redisReady(): boolean {
  return state.client?.status === "ready";
}

const identity = singleton<{ id: string }>("redis.instance-id", () => ({ id: "" }));

/** This process's identity in the cluster (reservations, leases, events). Unique per start. */
export function instanceId(): string {
  identity.id ||= `${env().NODE_NAME || os.hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  return identity.id;
}
