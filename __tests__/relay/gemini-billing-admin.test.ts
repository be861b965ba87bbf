// Gemini beyond content generation: embeddings (openai SDK to a type-24 channel, @google/genai natively
// and converted), errors in Gemini shape (ours and the upstream's), the Gemini and OpenAI model lists,
// exact billing from usageMetadata (cached and thinking tokens), the thinking adapter, and channel
// test, fetch models and balance of a type-24 channel. Setup in gemini-support.ts; the content flows
// are in gemini-content.test.ts.
import { CHANNEL_KEY, RATIO, setUpGeminiGateway } from "./gemini-support";
import { GEMINI_USAGE } from "./mock-gemini";
import { onlyConsumeLog } from "./billing-support";

const env = setUpGeminiGateway();
const { genai, openai, lastGemini } = env;

test("embeddings: openai SDK to a Gemini channel, @google/genai embedContent natively and converted", async () => {
  const t = await env.gw.createToken();
  const e = await openai(t.key).embeddings.create({ model: "text-embedding-004", input: ["a", "b"] });
  expect(e.data.map((d) => Array.from(d.embedding))).toEqual([
    [0, 0.5, 0.25],
    [1, 0.5, 0.25],
  ]);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/text-embedding-004:batchEmbedContents");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);

  const native = await genai(t.key).models.embedContent({ model: "text-embedding-004", contents: ["x", "y"] });
  expect(native.embeddings?.map((v) => v.values)).toEqual([
    [0, 0.5, 0.25],
    [1, 0.5, 0.25],
  ]);
  const converted = await genai(t.key).models.embedContent({ model: "emb-openai", contents: "x" });
  expect(converted.embeddings?.[0]?.values).toEqual([0.1, 0.2, 0.3]);
});

test("errors are Gemini-shaped: bad key, bad body, unknown model", async () => {
  const bad = await fetch(`${env.gw.url}/v1beta/models/gemini-2.5-flash:generateContent?key=sk-nope`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
  });
  expect(bad.status).toBe(401);
  expect(((await bad.json()) as { error: { code: number; status: string } }).error).toMatchObject({
    code: 401,
    status: "UNAUTHENTICATED",
  });
  const t = await env.gw.createToken();
  const body = await fetch(`${env.gw.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": t.key },
    body: JSON.stringify({ contents: "nope" }),
  });
  expect(body.status).toBe(400);
  expect(((await body.json()) as { error: { status: string } }).error.status).toBe("INVALID_ARGUMENT");
  await expect(genai(t.key).models.generateContent({ model: "no-such-model", contents: "x" })).rejects.toThrow();
});

test("GET /v1beta/models (Gemini list) and /v1beta/openai/models (OpenAI list)", async () => {
  const t = await env.gw.createToken();
  const g = await fetch(`${env.gw.url}/v1beta/models?key=${t.key}`);
  const gj = (await g.json()) as { models: { name: string }[]; nextPageToken: null };
  expect(gj.models.map((m) => m.name)).toContain("models/gemini-2.5-flash");
  expect(gj.nextPageToken).toBeNull();
  const o = await fetch(`${env.gw.url}/v1beta/openai/models`, { headers: { authorization: `Bearer ${t.key}` } });
  const oj = (await o.json()) as { object: string; data: { id: string }[] };
  expect(oj.object).toBe("list");
  expect(oj.data.map((m) => m.id)).toContain("gemini-2.5-flash");
});

async function billedExactly(run: (key: string) => Promise<void>) {
  const t = await env.gw.createToken({ unlimited_quota: false, remain_quota: 1_000_000 });
  await run(t.key);
  const log = await onlyConsumeLog(env.gw, t.id);
  const u = GEMINI_USAGE;
  const expected = Math.round(
    (u.promptTokenCount -
      u.cachedContentTokenCount +
      u.cachedContentTokenCount * RATIO.cache +
      (u.candidatesTokenCount + u.thoughtsTokenCount) * RATIO.completion) *
      RATIO.model *
      1,
  );
  expect(log.quota).toBe(expected);
  expect(log.promptTokens).toBe(20);
  expect(log.completionTokens).toBe(15);
  const [tok] = await env.gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", t.id);
  expect(tok!.remainQuota).toBe(1_000_000 - expected);
}

test("billing is exact from usageMetadata (cached and thinking tokens), non-stream and stream", async () => {
  await billedExactly(async (key) => {
    await genai(key).models.generateContent({ model: "gemini-2.5-flash", contents: "x" });
  });
  await billedExactly(async (key) => {
    for await (const c of await genai(key).models.generateContentStream({ model: "gemini-2.5-flash", contents: "x" }))
      void c;
  });
  await billedExactly(async (key) => {
    await openai(key).chat.completions.create({
      model: "gemini-2.5-flash",
      messages: [{ role: "user", content: "x" }],
    });
  });
});

test("thinking adapter: -thinking suffix stripped from the upstream model, budget from the percentage", async () => {
  await env.gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_enabled", value: "true" });
  await env.gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_budget_tokens_percentage", value: "0.5" });
  try {
    await env.gw.createChannel({
      type: 24,
      name: "thinking",
      key: CHANNEL_KEY,
      base_url: env.gm.url,
      models: "gemini-2.5-flash-thinking",
    });
    const t = await env.gw.createToken();
    await openai(t.key).chat.completions.create({
      model: "gemini-2.5-flash-thinking",
      messages: [{ role: "user", content: "x" }],
      max_tokens: 1000,
    });
    const q = lastGemini();
    expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
    expect((q.body.generationConfig as { thinkingConfig: unknown }).thinkingConfig).toEqual({
      thinkingBudget: 500,
      includeThoughts: true,
    });
  } finally {
    await env.gw.api("PUT", "/api/option/", { key: "gemini.thinking_adapter_enabled", value: "false" });
  }
});

test("an upstream Gemini error reaches a Gemini client in Gemini shape", async () => {
  await env.gw.createChannel({
    type: 24,
    name: "broken",
    key: CHANNEL_KEY,
    base_url: env.gm.url,
    models: "gem-broken",
    model_mapping: JSON.stringify({ "gem-broken": "fail-429" }),
  });
  const t = await env.gw.createToken();
  const r = await fetch(`${env.gw.url}/v1beta/models/gem-broken:generateContent`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": t.key },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "x" }] }] }),
  });
  expect(r.status).toBe(429);
  const body = (await r.json()) as { error: { code: number; status: string; message: string } };
  expect(body.error).toMatchObject({ code: 429, status: "RESOURCE_EXHAUSTED" });
  expect(body.error.message).not.toContain(CHANNEL_KEY);
});

test("channel test and fetch_models for a type-24 channel against the mock", async () => {
  const r = (await (
    await env.gw.raw("GET", `/api/channel/test/${env.geminiChannel}?model=gemini-2.5-flash`)
  ).json()) as {
    success: boolean;
  };
  expect(r.success).toBe(true);
  const q = lastGemini();
  expect(q.url).toBe("/v1beta/models/gemini-2.5-flash:generateContent");
  expect(q.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);
  expect(q.body.contents).toEqual([{ role: "user", parts: [{ text: "hi" }] }]);

  const m = await env.gw.api<string[]>("GET", `/api/channel/fetch_models/${env.geminiChannel}`);
  expect(m.json.success).toBe(true);
  expect(m.json.data).toEqual(["gemini-2.5-flash", "text-embedding-004"]);
  const listing = lastGemini();
  expect(listing.method).toBe("GET");
  expect(listing.url.startsWith("/v1beta/models")).toBe(true);
  expect(listing.url).not.toContain("key=");
  expect(listing.headers["x-goog-api-key"]).toBe(CHANNEL_KEY);

  const b = await env.gw.api("GET", `/api/channel/update_balance/${env.geminiChannel}`);
  expect(b.json.success).toBe(false);
  expect(b.json.message.length).toBeGreaterThan(0);
});
