// Token counting is bounded like any relay call (review 3, N8), and the relay refuses a model name
// the log writer could not store (N5). Through the relay's own entry (handleRelay) on a loopback
// server: /v1/messages/count_tokens and Gemini's :countTokens refuse a key whose owner has no quota
// (in the client's error shape), obey the user's request rate limit, and estimate a body past 256 KB
// instead of running the exact tokenizer over it (~5 s of CPU per MB); a model name with a NUL is a
// 400 that does not quote it, with error logs on.
import http from "node:http";
import * as tokenRoute from "@/app/api/token/route";
import { db } from "@/lib/server/db";
import { flushBookkeeping } from "@/lib/server/ledger/bookkeeping";
import { handleRelay } from "@/relay/entry/handler";
import { listenLoopback } from "@/test-support/upstream/loopback";
import { call, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

let relay: { url: string; close: () => Promise<void> };

beforeAll(async () => {
  relay = await listenLoopback(http.createServer((req, res) => void handleRelay(req, res)));
});
afterAll(() => relay?.close());

/** A key of a new user with `quota`; the token itself is unlimited. */
async function keyOf(quota: number): Promise<{ key: string; userId: number }> {
  const owner = await createUserAndLogin({ quota });
  const t = await call<{ key: string }>(tokenRoute, "POST", "/api/token/", {
    cookie: owner.cookie,
    body: { name: "count", expired_time: -1, remain_quota: 0, unlimited_quota: true },
  });
  expect(t.json.success).toBe(true);
  return { key: `sk-${t.json.data!.key}`.replace(/^sk-sk-/, "sk-"), userId: owner.id };
}

type Answer = { status: number; json: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

async function post(path: string, headers: Record<string, string>, body: string): Promise<Answer> {
  const res = await fetch(relay.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as Answer["json"] };
}

const claudeCount = (key: string, text = "hello there", model = "local-count-model") =>
  post(
    "/v1/messages/count_tokens",
    { "x-api-key": key, "anthropic-version": "2023-06-01" },
    JSON.stringify({ model, messages: [{ role: "user", content: text }] }),
  );

const geminiCount = (key: string, model = "local-count-model") =>
  post(
    `/v1beta/models/${model}:countTokens`,
    { "x-goog-api-key": key },
    JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hello" }] }] }),
  );

test("a key whose owner has no quota is refused, in Claude's and in Gemini's error shape", async () => {
  const { key } = await keyOf(0);
  const claude = await claudeCount(key);
  expect(claude.status).toBe(403);
  expect(claude.json).toMatchObject({ type: "error", error: { message: expect.stringContaining("quota") } });
  const gemini = await geminiCount(key);
  expect(gemini.status).toBe(403);
  expect(gemini.json.error).toMatchObject({ code: 403, message: expect.stringContaining("quota") });
  // with a balance the same count is answered, and nothing is charged
  const paid = await keyOf(1000);
  expect(await claudeCount(paid.key)).toMatchObject({ status: 200, json: { input_tokens: expect.any(Number) } });
  expect((await db().user.findUniqueOrThrow({ where: { id: paid.userId } })).quota).toBe(1000n);
});

test("a body past 256 KB is estimated (1 token per 3 characters), not run through the exact tokenizer", async () => {
  const { key } = await keyOf(1000);
  const sentence = "The quick brown fox jumps over the lazy dog. ";
  const small = await claudeCount(key, sentence.repeat(100));
  // exact o200k: 10 tokens a sentence
  expect(small.json.input_tokens).toBeLessThan(1_100);
  const text = sentence.repeat(45_000); // ~2 MB: the exact tokenizer took ~10 s of CPU on it
  const started = Date.now();
  const big = await claudeCount(key, text);
  expect(big.status).toBe(200);
  expect(big.json.input_tokens).toBeGreaterThanOrEqual(Math.ceil(text.length / 3));
  expect(big.json.input_tokens).toBeLessThan(Math.ceil(text.length / 3) + 50);
  expect(Date.now() - started).toBeLessThan(3_000);
});

test("the user's request rate limit counts token counting too", async () => {
  await setOptions({
    ModelRequestRateLimitEnabled: "true",
    ModelRequestRateLimitCount: "2",
    ModelRequestRateLimitSuccessCount: "0",
    ModelRequestRateLimitDurationMinutes: "1",
  });
  try {
    const { key } = await keyOf(1000);
    expect((await claudeCount(key)).status).toBe(200);
    expect((await geminiCount(key)).status).toBe(200);
    const third = await claudeCount(key);
    expect(third.status).toBe(429);
    expect(third.json).toMatchObject({ type: "error", error: { message: expect.stringContaining("Rate limit") } });
  } finally {
    await setOptions({ ModelRequestRateLimitEnabled: "false" });
  }
});

test("a model name with a NUL is a 400 that does not quote it, and nothing stored holds a NUL", async () => {
  await setOptions({ LogErrorEnabled: "true" });
  try {
    const { key, userId } = await keyOf(1000);
    const chat = await post(
      "/v1/chat/completions",
      { authorization: `Bearer ${key}` },
      JSON.stringify({ model: "x\u0000y", messages: [{ role: "user", content: "hi" }] }),
    );
    expect(chat.status).toBe(400);
    expect(chat.json.error).toMatchObject({ code: "invalid_model", type: "invalid_request_error" });
    expect(chat.json.error.message).not.toContain("\u0000");
    const gemini = await post(
      "/v1beta/models/x%00y:generateContent",
      { "x-goog-api-key": key },
      JSON.stringify({ contents: [{ role: "user", parts: [{ text: "hi" }] }] }),
    );
    expect(gemini.status).toBe(400);
    expect(gemini.json.error.code).toBe(400);
    const counted = await claudeCount(key, "hi", "x\ud800y");
    expect(counted.status).toBe(400);
    expect(counted.json.type).toBe("error");

    await flushBookkeeping();
    const logs = await db().log.findMany({ where: { userId }, select: { content: true, modelName: true } });
    expect(logs.length).toBeGreaterThan(0);
    for (const l of logs) expect(`${l.content}${l.modelName}`).not.toMatch(/\u0000|[\ud800-\udfff]/);
  } finally {
    await setOptions({ LogErrorEnabled: "false" });
  }
});
