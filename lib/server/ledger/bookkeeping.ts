import "server-only";

// Off-the-request-path writer. The relay queues consume/error logs and usage-aggregate increments;
// every FLUSH_MS logs are written together with the ledger's quota deltas in ONE transaction, so
// logs and balances can never disagree. The dashboard's hourly usage buckets (quota_data) are only
// an aggregate, so like new-api they are held for DataExportInterval minutes and then upserted with
// the next flush: a busy hour costs one upsert per bucket per interval instead of four per second.
// A row the database refuses is set aside and reported, never retried with the batch for ever (one
// such row used to stop every later flush of every balance: write-batch.ts). On SIGTERM everything
// left is flushed (lifecycle hook). A kill -9 loses at most what finished within the last flush
// interval (< 1 s), and the usage buckets of the last DataExportInterval.
// In worker processes (WORKERS > 1, no REDIS_URL) this writer runs in the primary only: a worker
// sends its logs there (server/workers/ipc.ts), so a kill -9 of a worker loses nothing it sent.
import { writeBatch } from "@/lib/server/ledger/write-batch";
import { cleanLogRow, cleanUsageKey } from "@/lib/server/ledger/storable";
import { onShutdown } from "@/lib/server/lifecycle";
import { logger } from "@/lib/server/logger";
import { singleton } from "@/lib/server/singleton";
import { hasPendingDeltas, restoreDeltas, serialised, takeDeltas } from "@/lib/server/ledger/deltas";
import { dropAccounts } from "@/lib/server/ledger/memory-ledger";
import { writeOutsideRelay } from "@/lib/server/ledger/outside-write";
import { redisEnabled } from "@/lib/server/redis/client";
import { queueSharedUsage, type UsageBucketKey } from "@/lib/server/ledger/usage-redis";
import { post, request, workerIpc } from "@/server/workers/ipc";

export const FLUSH_MS = 250;

export type LogRow = {
  createdAt: number;
  type: number;
  content: string;
  userId: number;
  username: string;
  tokenName: string;
  tokenId: number;
  modelName: string;
  quota: number;
  promptTokens: number;
  completionTokens: number;
  useTime: number;
  isStream: boolean;
  channelId: number;
  group: string;
  ip: string;
  requestId: string;
  other: string;
};

export type { UsageBucketKey };
export type Bucket = UsageBucketKey & { count: number; quota: number; tokens: number };

type State = {
  logs: LogRow[];
  buckets: Map<string, Bucket>;
  /** When the oldest pending bucket was queued (ms), and how long buckets may wait (ms). */
  bucketsSince: number;
  bucketHoldMs: number;
  bucketTimer: NodeJS.Timeout | null;
  bucketTimerAt: number;
  timer: NodeJS.Timeout | null;
  hooked: boolean;
  nodeName: string;
};
const state = singleton<State>("relay.bookkeeping", () => ({
  logs: [],
  buckets: new Map(),
  bucketsSince: 0,
  bucketHoldMs: 0,
  bucketTimer: null,
  bucketTimerAt: 0,
  timer: null,
  hooked: false,
  nodeName: "",
}));

function schedule(): void {
  if (!state.hooked) {
    state.hooked = true;
    onShutdown(() => flushBookkeeping());
  }
  if (state.timer) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    void serialised(() => flushInQueue(false)).catch((err) =>
      logger().error({ err }, "bookkeeping flush failed; will retry"),
    );
  }, FLUSH_MS);
  state.timer.unref?.();
}

export function queueLog(logRow: LogRow): void {
  // No text the database refuses (NUL, lone surrogates) may reach a batch (review 3, N5).
  const row = cleanLogRow(logRow);
  if (workerIpc()) return post("log", { row });
  state.logs.push(row);
  schedule();
}

const bucketsDue = () => Date.now() >= state.bucketsSince + state.bucketHoldMs;

/** Wakes the writer when the pending buckets fall due (sooner if the interval was shortened). */
function scheduleBuckets(): void {
  const dueAt = state.bucketsSince + state.bucketHoldMs;
  if (state.bucketTimer && state.bucketTimerAt <= dueAt) return;
  if (state.bucketTimer) clearTimeout(state.bucketTimer);
  state.bucketTimerAt = dueAt;
  state.bucketTimer = setTimeout(
    () => {
      state.bucketTimer = null;
      schedule();
    },
    Math.max(0, dueAt - Date.now()),
  );
  state.bucketTimer.unref?.();
}

/**
 * Adds one settled request to its hourly usage bucket. `holdMinutes` is DataExportInterval: the
 * bucket is written once the oldest pending one has waited that long (or on shutdown).
 */
export function queueUsage(usageKey: UsageBucketKey, quota: number, tokens: number, holdMinutes = 5): void {
  const key = cleanUsageKey(usageKey);
  if (redisEnabled()) return queueSharedUsage(key, quota, tokens); // written by the usage-flush job
  if (workerIpc()) return post("usage", { key, quota, tokens, holdMinutes });
  if (!state.buckets.size) state.bucketsSince = Date.now();
  state.bucketHoldMs = Math.max(0, holdMinutes) * 60_000;
  const id = `${key.userId}|${key.modelName}|${key.hour}|${key.group}|${key.tokenId}|${key.channelId}`;
  const b = state.buckets.get(id);
  if (b) {
    b.count += 1;
    b.quota += quota;
    b.tokens += tokens;
  } else state.buckets.set(id, { ...key, count: 1, quota, tokens });
  scheduleBuckets();
}

/** Called by settle paths so balance deltas are written even when no log is queued. */
export function scheduleFlush(): void {
  if (!workerIpc()) schedule();
}

/** Writes everything queued so far, usage buckets included (tests and shutdown call it directly). */
export function flushBookkeeping(): Promise<void> {
  if (workerIpc()) return request("flush", {}).then(() => undefined);
  return serialised(() => flushInQueue(true));
}

/**
 * For writes that set balances outside the relay (token quota edits, top-ups, admin changes):
 * inside the ledger queue, first persist pending deltas, then run `write`, then drop the cached
 * balances so the next request re-reads them (with Redis: move the shared balances by what the write
 * changed, see outside-write.ts). No charge is lost or counted twice.
 */
export function writeAfterFlush<T>(
  write: () => Promise<T>,
  accounts: { userIds?: number[]; tokenIds?: number[] },
): Promise<T> {
  if (workerIpc()) return writeAfterPrimaryFlush(write, accounts);
  const users = accounts.userIds ?? [];
  const tokens = accounts.tokenIds ?? [];
  const queued = () =>
    serialised(async () => {
      await flushInQueue(false);
      if (redisEnabled()) return writeOutsideRelay(write, accounts);
      const result = await write();
      dropAccounts(users, tokens);
      return result;
    });
  if (!outsideWriteGuard) return queued();
  return outsideWriteGuard(users, tokens).then((thaw) => queued().finally(thaw));
}

type OutsideWriteGuard = (users: number[], tokens: number[]) => Promise<() => void>;
/** The primary of worker processes (primary-ops.ts): takes the workers' allowances on the accounts back first. */
let outsideWriteGuard: OutsideWriteGuard | null = null;

export function setOutsideWriteGuard(guard: OutsideWriteGuard): void {
  outsideWriteGuard = guard;
}

/**
 * writeAfterFlush in a worker: the primary flushes and holds its ledger queue while this worker
 * writes (a worker that dies meanwhile releases it), then drops the cached balances.
 */
async function writeAfterPrimaryFlush<T>(
  write: () => Promise<T>,
  accounts: { userIds?: number[]; tokenIds?: number[] },
): Promise<T> {
  const lock = await request("write", { users: accounts.userIds ?? [], tokens: accounts.tokenIds ?? [] });
  try {
    return await write();
  } finally {
    post("written", { lock });
  }
}

/** `allBuckets`: write the usage buckets even if their DataExportInterval has not passed yet. */
async function flushInQueue(allBuckets: boolean): Promise<void> {
  {
    const withBuckets = state.buckets.size > 0 && (allBuckets || bucketsDue());
    if (!state.logs.length && !withBuckets && !hasPendingDeltas()) return;
    const deltas = takeDeltas();
    const logs = state.logs;
    const buckets = withBuckets ? [...state.buckets.values()] : [];
    state.logs = [];
    if (withBuckets) state.buckets = new Map();
    try {
      // Balances first and alone if the batch fails; a log or bucket the database refuses is set
      // aside (write-batch.ts). Throws only when not even the balances could be written.
      await writeBatch(deltas, logs, buckets, state.nodeName);
    } catch (err) {
      restoreDeltas(deltas);
      state.logs = logs.concat(state.logs);
      for (const b of buckets) {
        const id = `${b.userId}|${b.modelName}|${b.hour}|${b.group}|${b.tokenId}|${b.channelId}`;
        const cur = state.buckets.get(id);
        if (cur) {
          cur.count += b.count;
          cur.quota += b.quota;
          cur.tokens += b.tokens;
        } else state.buckets.set(id, b);
      }
      if (buckets.length) state.bucketsSince = 0; // already due: retried with the next flush
      schedule();
      throw err;
    }
  }
}

export function setNodeName(name: string): void {
  state.nodeName = name;
}
