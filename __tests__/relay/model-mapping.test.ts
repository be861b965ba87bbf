// Virtual models through the real gateway: a request for a virtual model is served by its actual
// models, higher priority first; an actual model without a channel is skipped; a failing one falls
// back to the next on retry; billing uses the actual model's price; the log keeps the requested
// name with is_model_mapped / upstream_model_name; and a mapping or price change applies at once.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
let key = "";
const hi = [{ role: "user" as const, content: "hi" }];
// The mock answers usage {prompt 12, completion 11}; completion ratio 1 for these names.
const quotaAt = (ratio: number) => Math.round((12 + 11) * ratio);

const setMapping = async (mapping: Record<string, { model: string; priorities: number }[]>) => {
  const r = await gw.api("PUT", "/api/model_mapping/", { mapping });
  expect(r.json.success).toBe(true);
};
const option = async (key: string, value: string) => {
  const r = await gw.api("PUT", "/api/option/", { key, value });
  expect(r.json).toMatchObject({ success: true });
};
const ask = (model: string) =>
  new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 }).chat.completions.create({ model, messages: hi });
type Log = { modelName: string; quota: number; other: string };
const lastLog = async (model: string) => {
  await gw.settle();
  const rows = await gw.sql<Log>(
    "select modelName, quota, other from logs where modelName = ? order by id desc",
    model,
  );
  return { ...rows[0]!, other: JSON.parse(rows[0]!.other) as Record<string, unknown> };
};

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await option("ModelRatio", JSON.stringify({ "mm-a": 1, "mm-b": 2, "fail-500": 1, "mm-nochannel": 1 }));
  await gw.createChannel({ name: "mm", key: "sk-up", base_url: up.url, models: "mm-a,mm-b,fail-500" });
  key = (await gw.createToken()).key;
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("the actual model with the highest priority serves, billed at its own price", async () => {
  await setMapping({
    smart: [
      { model: "mm-a", priorities: 1 },
      { model: "mm-b", priorities: 5 },
    ],
  });
  const r = await ask("smart");
  expect(r.choices[0]?.message.content).toBe("This is a mock completion.");
  expect(up.requests.at(-1)?.body.model).toBe("mm-b");
  const log = await lastLog("smart");
  expect(log.quota).toBe(quotaAt(2));
  expect(log.other).toMatchObject({ is_model_mapped: true, upstream_model_name: "mm-b", model_ratio: 2 });
});

test("a mapping change takes effect on the next request, without a restart", async () => {
  await setMapping({
    smart: [
      { model: "mm-a", priorities: 9 },
      { model: "mm-b", priorities: 5 },
    ],
  });
  await ask("smart");
  expect(up.requests.at(-1)?.body.model).toBe("mm-a");
  expect((await lastLog("smart")).quota).toBe(quotaAt(1));
  // ...and so does a price change of the actual model.
  await option("ModelRatio", JSON.stringify({ "mm-a": 3, "mm-b": 2, "fail-500": 1, "mm-nochannel": 1 }));
  await ask("smart");
  expect((await lastLog("smart")).quota).toBe(quotaAt(3));
});

test("an actual model without a channel for the group is skipped", async () => {
  await setMapping({
    routed: [
      { model: "mm-nochannel", priorities: 10 },
      { model: "mm-b", priorities: 1 },
    ],
  });
  await ask("routed");
  expect(up.requests.at(-1)?.body.model).toBe("mm-b");
});

test("a failing actual model falls back to the next one when retries are allowed", async () => {
  await setMapping({
    safe: [
      { model: "fail-500", priorities: 10 },
      { model: "mm-b", priorities: 1 },
    ],
  });
  await option("RetryTimes", "0");
  await expect(ask("safe")).rejects.toMatchObject({ status: 500 });
  expect(up.requests.at(-1)?.body.model).toBe("fail-500");

  await option("RetryTimes", "1");
  const before = up.requests.length;
  await ask("safe");
  expect(up.requests.slice(before).map((q) => q.body.model)).toEqual(["fail-500", "mm-b"]);
  const log = await lastLog("safe");
  expect(log.quota).toBe(quotaAt(2));
  expect(log.other).toMatchObject({ upstream_model_name: "mm-b" });
  await option("RetryTimes", "0");

  // The global auto-retry settings apply the same way.
  await option("global.auto_retry_enabled", "true");
  const before2 = up.requests.length;
  await ask("safe");
  expect(up.requests.slice(before2).map((q) => q.body.model)).toEqual(["fail-500", "mm-b"]);
  await option("global.auto_retry_enabled", "false");
});

test("/v1/models lists a virtual model whose actual models are usable", async () => {
  const list = await new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1` }).models.list();
  const ids = list.data.map((m) => m.id);
  expect(ids).toEqual(expect.arrayContaining(["safe", "mm-a", "mm-b"]));
  expect(ids).not.toContain("smart"); // replaced by the later mappings
});

test("fallback pricing bills models without a price, once enabled", async () => {
  await gw.createChannel({ name: "unpriced", key: "sk-up", base_url: up.url, models: "mm-unpriced" });
  await expect(ask("mm-unpriced")).rejects.toMatchObject({ status: 400 });
  await option("fallback_single_price", "0.001");
  await option("fallback_pricing_enabled", "true");
  await ask("mm-unpriced");
  const log = await lastLog("mm-unpriced");
  expect(log.quota).toBe(500); // 0.001 USD × 500000
  expect(log.other).toMatchObject({ fallback_pricing: true, model_price: 0.001 });
});
