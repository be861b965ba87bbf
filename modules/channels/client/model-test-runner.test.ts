// The model-test engine: batches, retries with back-off, cancellation, retry/delete of failures,
// the 24-hour cache.
import {
  cacheKey,
  clampConcurrency,
  modelsWithoutFailed,
  readCachedResults,
  retryableModels,
  retryDelay,
  runModelTests,
  TestCancelled,
  writeCachedResults,
  type ModelTestResult,
} from "@/modules/channels/client/model-test-runner";

const noSleep = jest.fn(async (_ms: number, signal?: AbortSignal) => {
  if (signal?.aborted) throw new TestCancelled();
});

beforeEach(() => noSleep.mockClear());

test("back-off is min(1000 × 2^n, 5000) ms; concurrency is clamped to 1–10 (default 3)", () => {
  expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
  expect([0, 1, 3.4, 10, 11, Number.NaN].map(clampConcurrency)).toEqual([1, 1, 3, 10, 10, 3]);
});

test("runs in batches of the concurrency, never more at once, results in model order", async () => {
  let running = 0;
  let peak = 0;
  const order: string[] = [];
  const models = ["a", "b", "c", "d", "e", "f", "g"];
  const progress: number[] = [];
  const results = await runModelTests({
    models,
    concurrency: 3,
    batchDelayMs: 50,
    sleep: noSleep,
    onProgress: (p) => progress.push(p.completed),
    testOne: async (m) => {
      running++;
      peak = Math.max(peak, running);
      order.push(m);
      await new Promise((r) => setTimeout(r, m === "a" ? 20 : 1));
      running--;
      return { success: true, time: 0.1, message: "" };
    },
  });
  expect(peak).toBe(3);
  expect(order.slice(0, 3).sort()).toEqual(["a", "b", "c"]);
  expect(order.indexOf("d")).toBeGreaterThan(order.indexOf("a"));
  expect(results.map((r) => r.model)).toEqual(models);
  expect(progress.at(-1)).toBe(7);
  expect(noSleep.mock.calls.filter(([ms]) => ms === 50)).toHaveLength(2);
});

test("a failing model is retried twice with 1 s then 2 s back-off, then marked retryable", async () => {
  const calls: string[] = [];
  const [fail, flaky] = await runModelTests({
    models: ["bad", "flaky"],
    sleep: noSleep,
    testOne: async (m) => {
      calls.push(m);
      if (m === "flaky" && calls.filter((c) => c === "flaky").length === 2)
        return { success: true, time: 1, message: "" };
      if (m === "bad" && calls.filter((c) => c === "bad").length === 2) throw new Error("network down");
      return { success: false, time: 0, message: "HTTP 500" };
    },
  });
  expect(calls.filter((c) => c === "bad")).toHaveLength(3);
  expect(fail).toMatchObject({ success: false, isRetryable: true, message: "HTTP 500" });
  expect(calls.filter((c) => c === "flaky")).toHaveLength(2);
  expect(flaky).toMatchObject({ success: true, isRetryable: false });
  expect(noSleep.mock.calls.map(([ms]) => ms).sort()).toEqual([1000, 1000, 2000]);
});

test("cancelling stops the run: no further models are tested, the promise rejects with TestCancelled", async () => {
  const controller = new AbortController();
  const tested: string[] = [];
  const run = runModelTests({
    models: ["a", "b", "c", "d"],
    concurrency: 2,
    signal: controller.signal,
    sleep: noSleep,
    testOne: async (m) => {
      tested.push(m);
      if (m === "b") controller.abort();
      return { success: true, time: 0, message: "" };
    },
  });
  await expect(run).rejects.toBeInstanceOf(TestCancelled);
  expect(tested).toEqual(["a", "b"]);
});

test("retry and delete of failed models; deleting every model is refused", () => {
  const r = (model: string, success: boolean): ModelTestResult => ({
    model,
    success,
    time: 0,
    message: "",
    isRetryable: !success,
  });
  const results = [r("a", true), r("b", false), r("c", false)];
  expect(retryableModels(results)).toEqual(["b", "c"]);
  expect(modelsWithoutFailed(["a", "b", "c"], results)).toEqual(["a"]);
  expect(modelsWithoutFailed(["b", "c"], results)).toBeNull();
});

test("cache: kept 24 hours per channel, then dropped; corrupt entries are dropped", () => {
  const data = new Map<string, string>();
  const store = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  const result: ModelTestResult = { model: "m", success: true, time: 1.2, message: "", isRetryable: false };
  writeCachedResults(store, 7, { m: result }, 1_000);
  expect(readCachedResults(store, 7, 1_000 + 24 * 3600 * 1000)).toEqual({ m: result });
  expect(readCachedResults(store, 8, 1_000)).toEqual({});
  expect(readCachedResults(store, 7, 1_001 + 24 * 3600 * 1000)).toEqual({});
  expect(data.has(cacheKey(7))).toBe(false);
  data.set(cacheKey(9), "{nope");
  expect(readCachedResults(store, 9)).toEqual({});
  expect(data.has(cacheKey(9))).toBe(false);
});
