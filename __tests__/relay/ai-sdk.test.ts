// The Vercel AI SDK (`ai` generateText / streamText with @ai-sdk/openai-compatible) through the
// gateway to an OpenAI channel on the mock upstream: text arrives, usage is reported, the call is
// billed. The SDK is ESM only, so it runs in a child Node process (ai-sdk-client.mjs).
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

const run = promisify(execFile);
let gw: Gateway;
let up: MockUpstream;
const START = 1_000_000;

async function aiSdk(mode: "generate" | "stream", key: string, model: string) {
  const script = path.join(__dirname, "ai-sdk-client.mjs");
  const { stdout } = await run(process.execPath, [script, mode, `${gw.url}/v1`, key, model], {
    cwd: path.resolve(__dirname, "../.."),
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1)!) as {
    text: string;
    parts?: number;
    usage: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  };
}

async function billed(tokenId: number): Promise<number> {
  await gw.waitFor(async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length > 0);
  await gw.settle();
  const logs = await gw.sql<{ quota: number }>("select quota from logs where tokenId = ? and type = 2", tokenId);
  expect(logs).toHaveLength(1);
  const [tok] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", tokenId);
  expect(tok!.remainQuota).toBe(START - logs[0]!.quota);
  return logs[0]!.quota;
}

// Mock usage: prompt 12, completion 11; ModelRatio 2, CompletionRatio 3, GroupRatio 1.
const QUOTA = Math.round((12 + 11 * 3) * 2);

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "ai-model": 2 }) });
  await gw.api("PUT", "/api/option/", { key: "CompletionRatio", value: JSON.stringify({ "ai-model": 3 }) });
  await gw.createChannel({ name: "openai", key: "sk-up", base_url: up.url, models: "ai-model" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("generateText: text and usage arrive, billed exactly", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const r = await aiSdk("generate", t.key, "ai-model");
  expect(r.text).toBe("This is a mock completion.");
  expect(r.usage.inputTokens).toBe(12);
  expect(r.usage.outputTokens).toBe(11);
  expect(await billed(t.id)).toBe(QUOTA);
});

test("streamText: the deltas arrive in pieces, usage is reported, billed exactly", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: START });
  const r = await aiSdk("stream", t.key, "ai-model");
  expect(r.text).toBe("word0 word1 word2 word3 word4 ");
  expect(r.parts).toBeGreaterThan(1);
  expect(r.usage.inputTokens).toBe(12);
  expect(r.usage.outputTokens).toBe(11);
  expect(await up.requests.at(-1)!.body.stream).toBe(true);
  expect(await billed(t.id)).toBe(QUOTA);
});
