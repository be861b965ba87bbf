// Relay endpoints and token checks through the official OpenAI SDK, against the real server
// (production build) and a loopback mock upstream.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;

type TokenData = { id: number; key: string };

const createToken = (fields: Record<string, unknown> = {}): Promise<TokenData> => gw.createToken(fields);

function client(key: string, opts: { maxRetries?: number } = {}) {
  return new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: opts.maxRetries ?? 0 });
}

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "gpt-4o-mini": 0.075, "text-embedding-3-small": 0.01, "other-model": 1 }),
  });
  const created = await gw.api("POST", "/api/channel/", {
    name: "mock",
    type: 1,
    key: "sk-upstream-secret",
    base_url: up.url,
    models: "gpt-4o-mini,text-embedding-3-small",
    group: "default",
  });
  expect(created.json.success).toBe(true);
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

describe("relay endpoints", () => {
  test("chat completion (non-stream) answers the upstream completion with usage", async () => {
    const token = await createToken();
    const r = await client(token.key).chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(r.choices[0]?.message.content).toBe("This is a mock completion.");
    expect(r.usage?.total_tokens).toBe(23);
    const last = up.requests.at(-1)!;
    expect(last.headers.authorization).toBe("Bearer sk-upstream-secret");
    expect(last.path).toBe("/v1/chat/completions");
  });

  test("stream with include_usage ends with a usage chunk and [DONE]", async () => {
    const token = await createToken();
    const s = await client(token.key).chat.completions.create({
      model: "gpt-4o-mini",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: OpenAI.CompletionUsage | null | undefined;
    for await (const c of s) {
      text += c.choices[0]?.delta?.content ?? "";
      if (c.usage) usage = c.usage;
    }
    expect(text).toBe("word0 word1 word2 word3 word4 ");
    expect(usage?.completion_tokens).toBe(11);
  });

  test("stream without include_usage hides the usage chunk but still asks upstream for it", async () => {
    const token = await createToken();
    const raw = await fetch(`${gw.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini", messages: [{ role: "user", content: "hi" }], stream: true }),
    });
    const body = await raw.text();
    expect(raw.headers.get("content-type")).toContain("text/event-stream");
    expect(body).not.toContain('"usage"');
    expect(body.trim().endsWith("data: [DONE]")).toBe(true);
    expect((up.requests.at(-1)!.body.stream_options as { include_usage: boolean }).include_usage).toBe(true);
  });

  test("completions, embeddings and models", async () => {
    const token = await createToken();
    const c = client(token.key);
    const comp = await c.completions.create({ model: "gpt-4o-mini", prompt: "say" });
    expect(comp.choices[0]?.text).toBe("mock text");
    const emb = await c.embeddings.create({ model: "text-embedding-3-small", input: "hello" });
    expect(emb.data[0]?.embedding).toHaveLength(3);
    const models = await c.models.list();
    expect(models.data.map((m) => m.id).sort()).toEqual(["gpt-4o-mini", "text-embedding-3-small"]);
    const one = await c.models.retrieve("gpt-4o-mini");
    expect(one.id).toBe("gpt-4o-mini");
    await expect(c.models.retrieve("nope")).rejects.toMatchObject({ status: 404 });
  });

  test("responses carry a request id header and errors the OpenAI shape", async () => {
    const res = await fetch(`${gw.url}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: "Bearer sk-invalid", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("x-request-id")).toBeTruthy();
    const j = (await res.json()) as { error: { message: string; type: string; param: string; code: unknown } };
    expect(Object.keys(j.error).sort()).toEqual(["code", "message", "param", "type"]);
    expect(j.error.message).toContain("request id");
    const unknown = await fetch(`${gw.url}/v1/unknown/path`, { method: "POST" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { type: string } }).error.type).toBe("invalid_request_error");
  });
});

describe("token checks", () => {
  const chat = (key: string, model = "gpt-4o-mini") =>
    client(key).chat.completions.create({ model, messages: [{ role: "user", content: "hi" }] });

  test("invalid, expired, exhausted and disabled tokens are refused with 401", async () => {
    await expect(chat("sk-doesnotexist")).rejects.toMatchObject({ status: 401 });
    const expired = await createToken({ expired_time: Math.floor(Date.now() / 1000) - 10 });
    await expect(chat(expired.key)).rejects.toMatchObject({ status: 401 });
    const exhausted = await createToken({ unlimited_quota: false, remain_quota: 0 });
    await expect(chat(exhausted.key)).rejects.toMatchObject({ status: 401 });
    const disabled = await createToken();
    await gw.api("PUT", "/api/token/?status_only=true", { id: disabled.id, status: 2 });
    await expect(chat(disabled.key)).rejects.toMatchObject({ status: 401 });
  });

  test("a model outside the token's limits is refused with 403", async () => {
    const t = await createToken({ model_limits_enabled: true, model_limits: "text-embedding-3-small" });
    await expect(chat(t.key)).rejects.toMatchObject({ status: 403 });
  });

  test("an address outside allow_ips is refused with 403; inside is served", async () => {
    const outside = await createToken({ allow_ips: "10.1.2.0/24" });
    await expect(chat(outside.key)).rejects.toMatchObject({ status: 403 });
    const inside = await createToken({ allow_ips: "10.0.0.1\n127.0.0.0/8" });
    await expect(chat(inside.key)).resolves.toBeTruthy();
  });

  test("no channel for the model answers 503 model_not_found", async () => {
    const t = await createToken();
    await expect(chat(t.key, "other-model")).rejects.toMatchObject({ status: 503, code: "model_not_found" });
  });
});
