// The model-test dialog's engine: models are tested in batches of
// `concurrency` (1–10, default 3), each test retried up to 2 times with a min(1000 × 2^n, 5000) ms
// back-off, the whole run cancellable. Failed models can be retried or deleted (never all of them).
// Results are cached in local storage for 24 hours. No React, no fetch: the caller passes testOne.

export type ModelTestResult = {
  model: string;
  success: boolean;
  /** Seconds the upstream took (as the server measured it). */
  time: number;
  message: string;
  isRetryable: boolean;
};

export type TestOne = (
  model: string,
  signal: AbortSignal,
) => Promise<{ success: boolean; time: number; message: string }>;

export type RunProgress = { completed: number; total: number; current: string | null };

export type RunOptions = {
  models: string[];
  testOne: TestOne;
  concurrency?: number;
  retries?: number;
  /** Pause between two batches (ms). */
  batchDelayMs?: number;
  signal?: AbortSignal;
  onResult?: (result: ModelTestResult) => void;
  onProgress?: (progress: RunProgress) => void;
  /** Injected for tests; resolves after ms or rejects when the signal aborts. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

export const CONCURRENCY_MIN = 1;
export const CONCURRENCY_MAX = 10;
export const CONCURRENCY_DEFAULT = 3;
export const MAX_RETRIES = 2;
export const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export class TestCancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "TestCancelled";
  }
}

/** Back-off before retry n (0-based): min(1000 × 2^n, 5000) ms. */
export function retryDelay(n: number): number {
  return Math.min(1000 * 2 ** n, 5000);
}

export function clampConcurrency(n: number): number {
  if (!Number.isFinite(n)) return CONCURRENCY_DEFAULT;
  return Math.min(CONCURRENCY_MAX, Math.max(CONCURRENCY_MIN, Math.round(n)));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new TestCancelled());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new TestCancelled());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

// ---- batch delay, remembered in local storage ------------

export const BATCH_DELAY_DEFAULT = 200;
export const BATCH_DELAY_MAX = 60_000;
export const BATCH_DELAY_KEY = "channel_test_batch_delay";

/** A delay in ms within 0–60000 (anything unreadable is the default). */
export function clampBatchDelay(value: number): number {
  if (!Number.isFinite(value)) return BATCH_DELAY_DEFAULT;
  return Math.min(BATCH_DELAY_MAX, Math.max(0, Math.round(value)));
}

export function readBatchDelay(store: Pick<Storage, "getItem"> | null): number {
  const raw = store?.getItem(BATCH_DELAY_KEY);
  return raw === null || raw === undefined || raw.trim() === "" ? BATCH_DELAY_DEFAULT : clampBatchDelay(Number(raw));
}

/** Thrown by testOne when the channel itself is gone: stops the whole run, no retries. */
export class ChannelInvalid extends Error {
  constructor() {
    super("channel_invalid");
    this.name = "ChannelInvalid";
  }
}

async function testWithRetries(
  model: string,
  opts: Required<Pick<RunOptions, "testOne" | "retries" | "sleep">> & { signal?: AbortSignal },
): Promise<ModelTestResult> {
  let last: ModelTestResult = { model, success: false, time: 0, message: "", isRetryable: true };
  for (let attempt = 0; attempt <= opts.retries; attempt++) {
    if (attempt > 0) await opts.sleep(retryDelay(attempt - 1), opts.signal);
    if (opts.signal?.aborted) throw new TestCancelled();
    try {
      const r = await opts.testOne(model, opts.signal ?? new AbortController().signal);
      last = { model, success: r.success, time: r.time, message: r.message, isRetryable: !r.success };
      if (r.success) return last;
    } catch (err) {
      if (opts.signal?.aborted) throw new TestCancelled();
      if (err instanceof ChannelInvalid) throw err;
      last = { model, success: false, time: 0, message: (err as Error).message, isRetryable: true };
    }
  }
  return last;
}

/**
 * Tests the models batch by batch. Resolves with every result; rejects with TestCancelled when the
 * signal aborts (results reported so far through onResult stay valid).
 */
export async function runModelTests(opts: RunOptions): Promise<ModelTestResult[]> {
  const concurrency = clampConcurrency(opts.concurrency ?? CONCURRENCY_DEFAULT);
  const wait = opts.sleep ?? sleep;
  const retries = opts.retries ?? MAX_RETRIES;
  const results: ModelTestResult[] = [];
  const total = opts.models.length;
  opts.onProgress?.({ completed: 0, total, current: opts.models[0] ?? null });
  for (let start = 0; start < total; start += concurrency) {
    if (opts.signal?.aborted) throw new TestCancelled();
    if (start > 0 && opts.batchDelayMs) await wait(opts.batchDelayMs, opts.signal);
    const batch = opts.models.slice(start, start + concurrency);
    await Promise.all(
      batch.map(async (model) => {
        const result = await testWithRetries(model, {
          testOne: opts.testOne,
          retries,
          sleep: wait,
          signal: opts.signal,
        });
        results.push(result);
        opts.onResult?.(result);
        opts.onProgress?.({ completed: results.length, total, current: model });
      }),
    );
  }
  return opts.models.map((m) => results.find((r) => r.model === m)!);
}

/** The failed models that may be retried. */
export function retryableModels(results: Iterable<ModelTestResult>): string[] {
  return [...results].filter((r) => !r.success && r.isRetryable).map((r) => r.model);
}

/**
 * The channel's models without the failed ones, or null when none would remain (deleting every
 * model is refused: 无法删除所有模型).
 */
export function modelsWithoutFailed(models: string[], results: Iterable<ModelTestResult>): string[] | null {
  const failed = new Set([...results].filter((r) => !r.success).map((r) => r.model));
  const remaining = models.filter((m) => !failed.has(m));
  return remaining.length ? remaining : null;
}

// ---- 24-hour local cache, one entry per channel -------------------------------------------------

type CacheEntry = { savedAt: number; results: Record<string, ModelTestResult> };
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const cacheKey = (channelId: number) => `channel_test_results_${channelId}`;

/** Cached results of a channel younger than 24 hours (older ones are dropped). */
export function readCachedResults(
  store: KeyValueStore,
  channelId: number,
  now = Date.now(),
): Record<string, ModelTestResult> {
  const raw = store.getItem(cacheKey(channelId));
  if (!raw) return {};
  try {
    const entry = JSON.parse(raw) as CacheEntry;
    if (typeof entry.savedAt !== "number" || now - entry.savedAt > CACHE_TTL_MS) {
      store.removeItem(cacheKey(channelId));
      return {};
    }
    return entry.results ?? {};
  } catch {
    store.removeItem(cacheKey(channelId));
    return {};
  }
}

export function writeCachedResults(
  store: KeyValueStore,
  channelId: number,
  results: Record<string, ModelTestResult>,
  now = Date.now(),
): void {
  try {
    store.setItem(cacheKey(channelId), JSON.stringify({ savedAt: now, results } satisfies CacheEntry));
  } catch {
    // storage full or unavailable: the cache is only a convenience
  }
}
