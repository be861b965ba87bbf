import "server-only";

// Housekeeping of the Redis ledger:
// - a heartbeat (inst:<id>, 10 s expiry, refreshed every 2 s) that says this instance is alive, so
//   its reservations (resv:<id>) are left alone;
// - a sweep every 5 s, on every instance (the script is atomic and idempotent, so no lease is
//   needed), that gives back the reservations of instances whose heartbeat expired: a kill -9
//   mid-request must not keep quota locked forever;
// - retries of settlements / refunds that could not reach Redis, once a second until they land.
import { KEY_PREFIX, instanceId, redis } from "@/lib/server/redis/client";
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { SWEEP, scripted } from "@/lib/server/ledger/redis-scripts";
import { singleton } from "@/lib/server/singleton";

const HEARTBEAT_TTL_MS = 10_000;
const HEARTBEAT_EVERY_MS = 2_000;
const SWEEP_EVERY_MS = 5_000;
const RETRY_EVERY_MS = 1_000;

type Retry = { command: "gwSettle" | "gwRefund" | "gwAdjust" | "gwPlanAdjust"; args: (string | number)[] };
type State = {
  started: Promise<void> | null;
  beatAt: number;
  timers: NodeJS.Timeout[];
  retries: Retry[];
};
const state = singleton<State>("relay.redis-upkeep", () => ({ started: null, beatAt: 0, timers: [], retries: [] }));

export const reservationHashKey = () => `resv:${instanceId()}`;
const heartbeatKey = (id: string) => `inst:${id}`;

async function heartbeat(): Promise<void> {
  const c = redis()!;
  await c.multi().set(heartbeatKey(instanceId()), "1", "PX", HEARTBEAT_TTL_MS).sadd("instances", instanceId()).exec();
  state.beatAt = Date.now();
}

/** Gives back the reservations of every instance whose heartbeat has expired. */
export async function sweepDeadInstances(): Promise<number> {
  const c = redis()!;
  let returned = 0;
  for (const id of await c.smembers("instances")) {
    if (id === instanceId()) continue;
    const n = Number(await c.eval(SWEEP, 2, heartbeatKey(id), `resv:${id}`, KEY_PREFIX, id));
    if (n > 0) {
      returned += n;
      logger().warn({ instance: id, reservations: n }, "gave back the reservations of an instance that stopped");
    }
  }
  return returned;
}

async function runRetries(): Promise<void> {
  while (state.retries.length) {
    const next = state.retries[0]!;
    await (scripted()[next.command] as (...a: (string | number)[]) => Promise<unknown>)(...next.args);
    state.retries.shift();
  }
}

export function queueRetry(command: Retry["command"], args: Retry["args"]): void {
  state.retries.push({ command, args });
}

/** Settlements / refunds / adjustments still waiting for Redis (tests, shutdown). */
export function pendingRetries(): readonly Retry[] {
  return state.retries;
}

function every(ms: number, fn: () => Promise<unknown>, what: string): void {
  let busy = false;
  const t = setInterval(() => {
    if (busy) return;
    busy = true;
    fn()
      .catch((err: unknown) => logger().warn({ err: (err as Error)?.message, what }, "redis ledger upkeep failed"))
      .finally(() => (busy = false));
  }, ms);
  t.unref?.();
  state.timers.push(t);
}

/**
 * Starts the upkeep on first use and makes sure this instance's heartbeat is fresh before it records
 * a reservation (a stale heartbeat would let another instance sweep it).
 */
export async function ensureUpkeep(): Promise<void> {
  if (!state.started) {
    state.started = heartbeat().then(() => {
      every(HEARTBEAT_EVERY_MS, heartbeat, "heartbeat");
      every(SWEEP_EVERY_MS, sweepDeadInstances, "sweep");
      every(RETRY_EVERY_MS, runRetries, "retry");
      onShutdown(async () => {
        for (const t of state.timers) clearInterval(t);
        state.timers = [];
        await runRetries().catch(() => undefined);
      });
    });
    state.started.catch(() => (state.started = null));
  }
  await state.started;
  if (Date.now() - state.beatAt > HEARTBEAT_TTL_MS / 2) await heartbeat();
}
