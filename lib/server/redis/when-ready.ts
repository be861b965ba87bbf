import "server-only";

// The command connection, once it is usable. The client refuses commands while it is not connected
// (no offline queue, fail closed); right after start or during a reconnect a caller waits a moment
// for the connection instead of being refused for a gap of a few milliseconds.
import type Redis from "ioredis";
import { redis, RedisUnavailableError } from "@/lib/server/redis/client";

/** How long a caller waits for a (re)connection before it is refused. */
const READY_WAIT_MS = 1_000;
const waits = new WeakMap<Redis, Promise<boolean>>();

function waitForReady(client: Redis): Promise<boolean> {
  let pending = waits.get(client);
  if (!pending) {
    // One shared listener per client, however many callers wait (no listener leak under load).
    pending = new Promise<boolean>((resolve) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        resolve(false);
      }, READY_WAIT_MS);
      timer.unref();
      client.once("ready", onReady);
    }).finally(() => waits.delete(client));
    waits.set(client, pending);
  }
  return pending;
}

/** The shared command connection when it is ready; RedisUnavailableError when it does not get ready. */
export async function readyRedis(): Promise<Redis> {
  const client = redis();
  if (!client) throw new RedisUnavailableError(new Error("REDIS_URL is not set"));
  if (client.status === "ready") return client;
  if (client.status === "end" || !(await waitForReady(client))) throw new RedisUnavailableError();
  return client;
}
