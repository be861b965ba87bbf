// Issue 20: the OpenAI-style vendors (Zhipu GLM v4, Baidu Qianfan v2, Ali DashScope, Volcengine Ark,
// Tencent Hunyuan, MiniMax, Moonshot, Cloudflare Workers AI) through the real gateway against one mock
// that checks what each real service checks (openai-style-vendors-mock.ts): exact path, Bearer channel
// key, required fields, limits, and each vendor's way of reporting stream usage. Per vendor: chat,
// stream chat billed exactly, embeddings where offered; across the set: an Anthropic and a Gemini
// client; the extra endpoints (Zhipu/Ark images, Qianfan/Zhipu/DashScope rerank).
import { onlyConsumeLog } from "./billing-support";
import { startGateway, type Gateway } from "./gateway";
import { startVendorsMock, VENDORS, type Vendor } from "./openai-style-vendors-mock";

const COMPLETION_RATIO = 2;
let gw: Gateway;
let mock: Awaited<ReturnType<typeof startVendorsMock>>;

const modelsOf = (v: Vendor) => [v.model, v.embedModel, v.imageModel, v.rerankModel].filter((m): m is string => !!m);

beforeAll(async () => {
  mock = await startVendorsMock();
  gw = await startGateway();
  const all = Object.values(VENDORS).flatMap(modelsOf);
  const opt = (key: string, value: object) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
  await opt("ModelRatio", Object.fromEntries(all.map((m) => [m, 1])));
  await opt("CompletionRatio", Object.fromEntries(Object.values(VENDORS).map((v) => [v.model, COMPLETION_RATIO])));
  for (const [name, v] of Object.entries(VENDORS))
    await gw.createChannel({
      type: v.type,
      name,
      key: v.key,
      base_url: `${mock.url}/${name}`,
      models: modelsOf(v).join(","),
    });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

async function post(path: string, body: object, headers: Record<string, string> = {}) {
  const t = await gw.createToken();
  const r = await fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { r, token: t };
}

const quotaOf = (u: { prompt: number; completion: number }) => u.prompt + u.completion * COMPLETION_RATIO;

/** The checks common to every call: the vendor's exact path and only the channel key as credential. */
function expectSent(name: string, path: string, userKey: string) {
  const q = mock.last(name);
  const v = VENDORS[name]!;
  expect(q.path).toBe(path);
  expect(q.headers.authorization).toBe(`Bearer ${v.bearer ?? v.key}`);
  expect(JSON.stringify(q.headers)).not.toContain(userKey.replace(/^sk-/, ""));
  return q;
}

describe.each(Object.keys(VENDORS))("%s", (name) => {
  const v = VENDORS[name]!;

  test("chat: vendor path, Bearer channel key, answer and usage as the vendor sent them", async () => {
    const { r, token } = await post("/v1/chat/completions", {
      model: v.model,
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(r.status).toBe(200);
    const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number } };
    expect(j.choices[0]!.message.content).toBe(`Hello from ${name}.`);
    expect(j.usage.prompt_tokens).toBe(v.usage.prompt);
    const q = expectSent(name, v.chat, token.key);
    expect(q.body).toMatchObject({ model: v.model, messages: [{ role: "user", content: "Hi" }] });
    expect(q.body.stream).toBeFalsy();
  });

  test(`stream: usage reported ${v.streamUsage} is billed exactly and reaches the client`, async () => {
    const { r, token } = await post("/v1/chat/completions", {
      model: v.model,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: "user", content: "Hi" }],
    });
    expect(r.status).toBe(200);
    const body = await r.text();
    const chunks = body
      .split("\n")
      .filter((l) => l.startsWith("data: {"))
      .map((l) => JSON.parse(l.slice(6)) as { choices?: { delta?: { content?: string } }[]; usage?: object });
    expect(chunks.map((c) => c.choices?.[0]?.delta?.content ?? "").join("")).toBe("Hello stream.");
    expect(chunks.find((c) => c.usage)?.usage).toMatchObject({
      prompt_tokens: v.usage.prompt,
      completion_tokens: v.usage.completion,
    });
    expect(body.endsWith("data: [DONE]\n\n")).toBe(true);
    const q = expectSent(name, v.chat, token.key);
    expect(q.body.stream).toBe(true);
    expect(await onlyConsumeLog(gw, token.id)).toEqual({
      promptTokens: v.usage.prompt,
      completionTokens: v.usage.completion,
      quota: quotaOf(v.usage),
    });
  });

  if (v.embeddings)
    test("embeddings: vendor path, input forwarded, billed from the reported usage", async () => {
      const { r, token } = await post("/v1/embeddings", { model: v.embedModel, input: ["alpha", "beta"] });
      expect(r.status).toBe(200);
      const j = (await r.json()) as { data: { embedding: number[] }[] };
      expect(j.data).toHaveLength(2);
      const q = expectSent(name, v.embeddings!, token.key);
      expect(q.body).toMatchObject({ model: v.embedModel, input: ["alpha", "beta"] });
      expect((await onlyConsumeLog(gw, token.id)).promptTokens).toBe(8);
    });
});

test("Anthropic client on Zhipu: /v1/messages converted to the v4 chat path, usage mapped back", async () => {
  const v = VENDORS.zhipu!;
  const { r, token } = await post(
    "/v1/messages",
    { model: v.model, max_tokens: 40, system: "Be brief.", messages: [{ role: "user", content: "Hi" }] },
    { "anthropic-version": "2023-06-01" },
  );
  expect(r.status).toBe(200);
  const j = (await r.json()) as { content: { text: string }[]; usage: { input_tokens: number; output_tokens: number } };
  expect(j.content[0]!.text).toBe("Hello from zhipu.");
  expect(j.usage).toMatchObject({ input_tokens: v.usage.prompt, output_tokens: v.usage.completion });
  const q = expectSent("zhipu", v.chat, token.key);
  expect(q.body.messages).toEqual([
    { role: "system", content: "Be brief." },
    { role: "user", content: "Hi" },
  ]);
  expect(q.body.max_tokens).toBe(40);
});

test("Gemini client on Moonshot: streamGenerateContent billed from the usage Kimi puts in choices[0]", async () => {
  const v = VENDORS.moonshot!;
  const t = await gw.createToken();
  const r = await fetch(`${gw.url}/v1beta/models/${v.model}:streamGenerateContent?alt=sse`, {
    method: "POST",
    headers: { "x-goog-api-key": t.key, "content-type": "application/json" },
    body: JSON.stringify({ contents: [{ role: "user", parts: [{ text: "Hi" }] }] }),
  });
  expect(r.status).toBe(200);
  const events = (await r.text())
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map(
      (l) => JSON.parse(l.slice(6)) as { usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number } },
    );
  expect(events.find((e) => e.usageMetadata?.promptTokenCount)?.usageMetadata).toMatchObject({
    promptTokenCount: v.usage.prompt,
    candidatesTokenCount: v.usage.completion,
  });
  const q = expectSent("moonshot", v.chat, t.key);
  expect(q.body).toMatchObject({ model: v.model, stream: true, messages: [{ role: "user", content: "Hi" }] });
  expect(await onlyConsumeLog(gw, t.id)).toEqual({
    promptTokens: v.usage.prompt,
    completionTokens: v.usage.completion,
    quota: quotaOf(v.usage),
  });
});

test("Gemini client on Qianfan: generateContent converted to /v2/chat/completions, usage mapped back", async () => {
  const v = VENDORS.qianfan!;
  const t = await gw.createToken();
  const r = await fetch(`${gw.url}/v1beta/models/${v.model}:generateContent`, {
    method: "POST",
    headers: { "x-goog-api-key": t.key, "content-type": "application/json" },
    body: JSON.stringify({
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      generationConfig: { maxOutputTokens: 30 },
    }),
  });
  expect(r.status).toBe(200);
  const j = (await r.json()) as {
    candidates: { content: { parts: { text: string }[] } }[];
    usageMetadata: { promptTokenCount: number; candidatesTokenCount: number };
  };
  expect(j.candidates[0]!.content.parts[0]!.text).toBe("Hello from qianfan.");
  expect(j.usageMetadata).toMatchObject({ promptTokenCount: v.usage.prompt, candidatesTokenCount: v.usage.completion });
  const q = expectSent("qianfan", v.chat, t.key);
  expect(q.body).toMatchObject({ model: v.model, messages: [{ role: "user", content: "Hi" }] });
  expect(q.body.stream).toBeFalsy();
  expect(await onlyConsumeLog(gw, t.id)).toEqual({
    promptTokens: v.usage.prompt,
    completionTokens: v.usage.completion,
    quota: quotaOf(v.usage),
  });
});

test("Moonshot refuses n > 5: the vendor's 400 reaches the client as a client error, nothing billed", async () => {
  const v = VENDORS.moonshot!;
  const { r, token } = await post("/v1/chat/completions", {
    model: v.model,
    n: 6,
    messages: [{ role: "user", content: "Hi" }],
  });
  expect(r.status).toBe(400);
  const j = (await r.json()) as { error: { message: string } };
  expect(j.error.message).toContain("invalid n");
  expect(mock.last("moonshot").body.n).toBe(6);
  await gw.settle();
  expect(await gw.sql("select 1 from logs where tokenId = ? and type = 2", token.id)).toHaveLength(0);
});

describe("images", () => {
  test("Zhipu CogView: /api/paas/v4/images/generations, answer forwarded", async () => {
    const v = VENDORS.zhipu!;
    const { r, token } = await post("/v1/images/generations", {
      model: v.imageModel,
      prompt: "a cat",
      size: "1024x1024",
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: { url: string }[] }).data[0]!.url).toBe("https://img.example/zhipu.png");
    const q = expectSent("zhipu", v.images!, token.key);
    expect(q.body).toMatchObject({ model: v.imageModel, prompt: "a cat", size: "1024x1024" });
    expect((await onlyConsumeLog(gw, token.id)).quota).toBeGreaterThan(0);
  });

  test("Ark Seedream: /api/v3/images/generations, Seedream fields (watermark, size) kept", async () => {
    const v = VENDORS.ark!;
    const { r, token } = await post("/v1/images/generations", {
      model: v.imageModel,
      prompt: "a cat",
      size: "2K",
      watermark: false,
      response_format: "url",
    });
    expect(r.status).toBe(200);
    const j = (await r.json()) as { data: { url: string }[]; usage: { generated_images: number } };
    expect(j.data[0]!.url).toBe("https://img.example/ark.jpeg");
    expect(j.usage.generated_images).toBe(1);
    const q = expectSent("ark", v.images!, token.key);
    expect(q.body).toEqual({
      model: v.imageModel,
      prompt: "a cat",
      size: "2K",
      watermark: false,
      response_format: "url",
    });
  });
});

describe("rerank", () => {
  const docs = ["Paris is in France.", "Berlin is in Germany."];

  test("Qianfan: /v2/rerankers, billed from the reported prompt_tokens", async () => {
    const v = VENDORS.qianfan!;
    const { r, token } = await post("/v1/rerank", { model: v.rerankModel, query: "France", documents: docs, top_n: 2 });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { results: unknown[] }).results).toHaveLength(2);
    const q = expectSent("qianfan", v.rerank!, token.key);
    expect(q.body).toEqual({ model: v.rerankModel, query: "France", documents: docs, top_n: 2 });
    expect(await onlyConsumeLog(gw, token.id)).toMatchObject({ promptTokens: 19, quota: 19 });
  });

  test("Zhipu: /api/paas/v4/rerank; its 128-document limit refused as a client error", async () => {
    const v = VENDORS.zhipu!;
    const ok = await post("/v1/rerank", { model: v.rerankModel, query: "France", documents: docs });
    expect(ok.r.status).toBe(200);
    expectSent("zhipu", v.rerank!, ok.token.key);
    expect((await onlyConsumeLog(gw, ok.token.id)).promptTokens).toBe(19);
    const tooMany = await post("/v1/rerank", {
      model: v.rerankModel,
      query: "France",
      documents: Array.from({ length: 129 }, (_, i) => `doc ${i}`),
    });
    expect(tooMany.r.status).toBeGreaterThanOrEqual(400);
    expect(tooMany.r.status).toBeLessThan(500);
  });

  test("DashScope: native text-rerank body, answer rewritten to the /v1/rerank shape and billed", async () => {
    const v = VENDORS.dashscope!;
    const { r, token } = await post("/v1/rerank", {
      model: v.rerankModel,
      query: "France",
      documents: docs,
      top_n: 1,
      return_documents: true,
    });
    expect(r.status).toBe(200);
    const j = (await r.json()) as {
      results: { index: number; relevance_score: number; document: object }[];
      usage: object;
    };
    expect(j.results[0]).toEqual({ index: 0, relevance_score: 0.5, document: { text: docs[0] } });
    expect(j.usage).toEqual({ prompt_tokens: 21, total_tokens: 21 });
    const q = expectSent("dashscope", v.rerank!, token.key);
    expect(q.body).toEqual({
      model: v.rerankModel,
      input: { query: "France", documents: docs },
      parameters: { top_n: 1, return_documents: true },
    });
    expect(await onlyConsumeLog(gw, token.id)).toMatchObject({ promptTokens: 21, quota: 21 });
  });
});
