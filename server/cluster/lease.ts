import "server-only";

// Background work that must run once per cluster, not once per instance (issue 8): a Redis lease
// per job decides which instance runs it.
//
// - Lease: SET lease:<name> <owner> NX PX ttl. Renewal and release are Lua scripts that act only if
//   the key still holds our owner id, so an instance can never extend or delete someone else's lease.
// - The holder renews every ttl/3 from its own timer, between runs and during a long run, so it stays
//   the holder as long as it lives; the others try to take the lease on each of their ticks and get
//   it at most `ttl` after the holder died (takeover within ttl + one interval).
// - Redis unreachable: nobody can prove they hold the lease, so nobody runs (never twice); one warning
//   per outage. A holder whose renewal fails aborts its current run (the signal passed to `run`) and
//   stops counting itself as holder.
// - Without Redis (REDIS_URL unset, a single instance) every tick simply runs locally.
// - Shutdown (lifecycle onShutdown): timers stop, a run in progress is aborted and awaited, leases are
//   released so another instance takes over at its next tick instead of after the ttl.
import type Redis from "ioredis";
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { instanceId, redis as sharedRedis } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

/** Default lease lifetime: how long a dead holder blocks the job (renewed every third of it). */
export const DEFAULT_LEASE_TTL_MS = 15_000;
/** setTimeout's ceiling (≈ 24.8 days); longer intervals would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/** One named lease held by `owner` on `client` (an ioredis connection; its key prefix applies). */
export class Lease {
  readonly key: string;
  constructor(
    private readonly client: Redis,
    name: string,
    readonly owner: string,
    readonly ttlMs: number,
  ) {
    this.key = `lease:${name}`;
  }

  /** Takes the lease if free, or extends it if it is already ours. Throws when Redis is unreachable. */
  async acquire(): Promise<boolean> {
    if ((await this.client.set(this.key, this.owner, "PX", this.ttlMs, "NX")) === "OK") return true;
    return this.renew();
  }

  /** Extends the lease if it is still ours; false when it expired or another owner holds it. */
  async renew(): Promise<boolean> {
    return Number(await this.client.eval(RENEW, 1, this.key, this.owner, String(this.ttlMs))) === 1;
  }

  /** Deletes the lease if it is still ours. */
  async release(): Promise<boolean> {
    return Number(await this.client.eval(RELEASE, 1, this.key, this.owner)) === 1;
  }
}

export type ClusterJobOptions = {
  /** Unique per job; the lease key is lease:<name>. */
  name: string;
  intervalMs: number;
  /** One pass. The signal aborts when the lease is lost or the process shuts down. */
  run: (signal: AbortSignal) => Promise<unknown>;
  /** Delay of the first tick (default: intervalMs). */
  firstDelayMs?: number;
  leaseTtlMs?: number;
  /** Tests inject their own connection (null = no Redis) and owner id; default: redis(), instanceId(). */
  redis?: Redis | null;
  owner?: string;
};

export type ClusterJob = {
  readonly name: string;
  /** Passes this instance has completed. */
  readonly runs: number;
  /** Ticks this instance has finished (claimed and ran, or found the lease taken or Redis down). */
  readonly ticks: number;
  /** Whether this instance currently believes it holds the lease (always true without Redis). */
  holding: () => boolean;
  /** Stops ticking, aborts and awaits a run in progress, releases the lease. */
  stop: () => Promise<void>;
  /** Tests: what a crash looks like to the others — timers stop, the lease is neither renewed nor released. */
  abandonForTests: () => void;
};

type Registry = { jobs: Set<ClusterJob>; hooked: boolean; redisDown: boolean };
const registry = singleton<Registry>("cluster.jobs", () => ({ jobs: new Set(), hooked: false, redisDown: false }));

function noteRedisDown(err: unknown, job: string): void {
  if (registry.redisDown) return;
  registry.redisDown = true;
  logger().warn(
    { err: (err as Error)?.message, job },
    "Redis unreachable: background jobs are skipped until it answers again",
  );
}

function noteRedisUp(): void {
  if (!registry.redisDown) return;
  registry.redisDown = false;
  logger().info("Redis reachable again: background jobs resume");
}

/** Starts a periodic job that at most one instance of the cluster runs at a time. */
export function startClusterJob(opts: ClusterJobOptions): ClusterJob {
  // The Redis connection closes after this hook (lifecycle "close" phase), so releases reach it.
  if (!registry.hooked) {
    registry.hooked = true;
    onShutdown(() => stopClusterJobs());
  }
  const client = opts.redis !== undefined ? opts.redis : sharedRedis();
  const lease = client
    ? new Lease(client, opts.name, opts.owner ?? instanceId(), opts.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS)
    : null;
  let stopped = false;
  let held = !lease;
  let runs = 0;
  let ticks = 0;
  let tickTimer: NodeJS.Timeout | null = null;
  let renewTimer: NodeJS.Timeout | null = null;
  let current: { promise: Promise<void>; abort: AbortController } | null = null;
  let ticking: Promise<void> | null = null;

  const loseLease = () => {
    held = false;
    if (renewTimer) clearInterval(renewTimer);
    renewTimer = null;
    current?.abort.abort();
  };

  const startRenewing = () => {
    if (renewTimer || !lease || stopped) return;
    renewTimer = setInterval(
      () => {
        lease.renew().then(
          (ok) => {
            if (ok || stopped) return;
            logger().warn({ job: opts.name }, "background job lease lost to another instance");
            loseLease();
          },
          (err) => {
            if (stopped) return;
            noteRedisDown(err, opts.name);
            loseLease();
          },
        );
      },
      Math.max(1, Math.floor(lease.ttlMs / 3)),
    );
    renewTimer.unref?.();
  };

  const claim = async (): Promise<boolean> => {
    if (!lease) return true;
    try {
      held = await lease.acquire();
      noteRedisUp();
    } catch (err) {
      noteRedisDown(err, opts.name);
      held = false;
    }
    if (held) startRenewing();
    else loseLease();
    return held;
  };

  const runOnce = async () => {
    const abort = new AbortController();
    const promise = (async () => {
      try {
        await opts.run(abort.signal);
      } catch (err) {
        logger().error({ err, job: opts.name }, "background job failed; the next tick tries again");
      }
    })();
    current = { promise, abort };
    await promise;
    current = null;
    runs++;
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    tickTimer = setTimeout(
      () => {
        ticking = tick().finally(() => {
          ticking = null;
        });
      },
      Math.min(Math.max(0, delay), MAX_DELAY_MS),
    );
    tickTimer.unref?.();
  };

  const tick = async () => {
    tickTimer = null;
    if (stopped) return;
    if (await claim()) {
      if (stopped) return;
      await runOnce();
    }
    ticks++;
    schedule(opts.intervalMs);
  };

  const halt = () => {
    stopped = true;
    if (tickTimer) clearTimeout(tickTimer);
    tickTimer = null;
    if (renewTimer) clearInterval(renewTimer);
    renewTimer = null;
    registry.jobs.delete(job);
  };

  const job: ClusterJob = {
    name: opts.name,
    get runs() {
      return runs;
    },
    get ticks() {
      return ticks;
    },
    holding: () => held,
    stop: async () => {
      halt();
      current?.abort.abort();
      await ticking; // a claim or a run in progress ends first
      if (lease && held) await lease.release().catch(() => undefined);
      held = !lease;
    },
    abandonForTests: () => {
      halt();
      current?.abort.abort();
    },
  };
  registry.jobs.add(job);
  schedule(opts.firstDelayMs ?? opts.intervalMs);
  return job;
}

/** Stops every job of this process (shutdown). */
export async function stopClusterJobs(): Promise<void> {
  await Promise.allSettled([...registry.jobs].map((j) => j.stop()));
}
