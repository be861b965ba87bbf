// Relay features beyond the basic path: playground (session auth), multi-key channels, status-code
// mapping, param override and system prompt, sensitive words, rate limits, channel test + auto-enable.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { jsonBodyServer, listenLoopback, sendJson } from "@/test-support/upstream/loopback";

let gw: Gateway;
let up: MockUpstream;

const channel = (fields: Record<string, unknown>) => gw.createChannel({ key: "sk-up", base_url: up.url, ...fields });
const token = (fields: Record<string, unknown> = {}) => gw.createToken(fields);
const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
const hi = [{ role: "user" as const, content: "hi" }];

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  const models = ["f-multi", "f-map", "f-over", "f-pg", "f-rl", "f-sens", "f-enable", "f-keys"];
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))),
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("the playground bills the session user and refuses visitors", async () => {
  await channel({ name: "pg", models: "f-pg" });
  const anon = await fetch(`${gw.url}/pg/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "f-pg", messages: hi, stream: true }),
  });
  expect(anon.status).toBe(401);
  const crossSite = await fetch(`${gw.url}/pg/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: "https://evil.example", cookie: gw.cookieHeader() },
    body: JSON.stringify({ model: "f-pg", messages: hi }),
  });
  expect(crossSite.status).toBe(403);
  const stream = await gw.raw("POST", "/pg/chat/completions", {
    model: "f-pg",
    messages: hi,
    stream: true,
    group: "default",
  });
  expect(stream.status).toBe(200);
  const text = await stream.text();
  expect(text).toContain("word0");
  expect(text.trim().endsWith("data: [DONE]")).toBe(true);
  await gw.settle();
  const [log] = await gw.sql<{ tokenName: string; quota: number }>(
    "select tokenName, quota from logs where modelName = 'f-pg'",
  );
  expect(log).toMatchObject({ tokenName: "playground" });
  expect(log!.quota).toBeGreaterThan(0);
});

test("multi-key channels rotate keys in polling mode", async () => {
  await gw.api("POST", "/api/channel/", {
    mode: "multi_to_single",
    multi_key_mode: "polling",
    channel: {
      name: "multi",
      type: 1,
      key: "k-one\nk-two\nk-three",
      base_url: up.url,
      models: "f-multi",
      group: "default",
    },
  });
  const t = await token();
  for (let i = 0; i < 3; i++) await client(t.key).chat.completions.create({ model: "f-multi", messages: hi });
  const keys = up.requests.slice(-3).map((r) => r.headers.authorization);
  expect(new Set(keys)).toEqual(new Set(["Bearer k-one", "Bearer k-two", "Bearer k-three"]));
});

test("status_code_mapping rewrites an upstream error status", async () => {
  await channel({
    name: "mapped-status",
    models: "f-map",
    model_mapping: JSON.stringify({ "f-map": "fail-429" }),
    status_code_mapping: JSON.stringify({ "429": "503" }),
  });
  const t = await token();
  await expect(client(t.key).chat.completions.create({ model: "f-map", messages: hi })).rejects.toMatchObject({
    status: 503,
  });
});

test("param_override and the channel system prompt shape the upstream body", async () => {
  await channel({
    name: "override",
    models: "f-over",
    param_override: JSON.stringify({ temperature: 0.1, top_p: null }),
    system_prompt: "You are terse.",
  });
  const t = await token();
  await client(t.key).chat.completions.create({ model: "f-over", messages: hi, temperature: 0.9, top_p: 0.5 });
  const body = up.requests.at(-1)!.body as {
    temperature: number;
    top_p?: number;
    messages: { role: string; content: string }[];
  };
  expect(body.temperature).toBe(0.1);
  expect(body.top_p).toBeUndefined();
  expect(body.messages[0]).toEqual({ role: "system", content: "You are terse." });
});

test("a prompt with a sensitive word is refused before reaching upstream", async () => {
  await channel({ name: "sens", models: "f-sens" });
  const t = await token();
  const before = up.requests.length;
  await expect(
    client(t.key).chat.completions.create({
      model: "f-sens",
      messages: [{ role: "user", content: "say test_sensitive now" }],
    }),
  ).rejects.toMatchObject({ status: 400, code: "sensitive_words_detected" });
  expect(up.requests.length).toBe(before);
});

test("token rate limits and the per-user model request limit answer 429", async () => {
  await channel({ name: "rl", models: "f-rl" });
  const limited = await token({
    rate_limit_enabled: true,
    rate_limit_period: 60,
    rate_limit_count: 2,
    rate_limit_success: 10,
  });
  await client(limited.key).chat.completions.create({ model: "f-rl", messages: hi });
  await client(limited.key).chat.completions.create({ model: "f-rl", messages: hi });
  await expect(client(limited.key).chat.completions.create({ model: "f-rl", messages: hi })).rejects.toMatchObject({
    status: 429,
  });

  await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitSuccessCount", value: "1" });
  await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitEnabled", value: "true" });
  const other = await token();
  try {
    // Successes are counted while the limit is on: one passes, the next is refused.
    await client(other.key).chat.completions.create({ model: "f-rl", messages: hi });
    await expect(client(other.key).chat.completions.create({ model: "f-rl", messages: hi })).rejects.toMatchObject({
      status: 429,
    });
  } finally {
    await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitEnabled", value: "false" });
  }
});

test("a successful channel test re-enables an auto-disabled channel", async () => {
  await gw.api("PUT", "/api/option/", { key: "AutomaticDisableChannelEnabled", value: "true" });
  await gw.api("PUT", "/api/option/", { key: "AutomaticEnableChannelEnabled", value: "true" });
  const id = await channel({
    name: "flaky",
    models: "f-enable",
    model_mapping: JSON.stringify({ "f-enable": "fail-401" }),
  });
  const t = await token();
  await expect(client(t.key).chat.completions.create({ model: "f-enable", messages: hi })).rejects.toMatchObject({
    status: 401,
  });
  await gw.waitFor(
    async () => (await gw.sql<{ status: number }>("select status from channels where id = ?", id))[0]?.status === 3,
  );
  const fixed = await gw.api("PUT", "/api/channel/", { id, model_mapping: "" });
  expect(fixed.json.success).toBe(true);
  const test = (await (await gw.raw("GET", `/api/channel/test/${id}`)).json()) as { success: boolean; time: number };
  expect(test.success).toBe(true);
  expect(
    (await gw.sql<{ status: number; otherInfo: string }>("select status, otherInfo from channels where id = ?", id))[0],
  ).toEqual({ status: 1, otherInfo: "" });
  await expect(client(t.key).chat.completions.create({ model: "f-enable", messages: hi })).resolves.toBeTruthy();
});

test("a key the relay disabled shows in the channel's key list; re-enabled, it is used again", async () => {
  await gw.api("PUT", "/api/option/", { key: "AutomaticDisableChannelEnabled", value: "true" });
  // An upstream that refuses one key (revoked), and answers the others.
  const revoked = new Set(["k-bad"]);
  const used: string[] = [];
  const keyed = await listenLoopback(
    jsonBodyServer((req, body, res) => {
      const key = String(req.headers.authorization).replace(/^Bearer /, "");
      used.push(key);
      if (revoked.has(key))
        return sendJson(res, 401, { error: { message: "invalid api key", type: "invalid_request_error" } });
      sendJson(res, 200, {
        id: "chatcmpl-keys",
        object: "chat.completion",
        created: 1,
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      });
    }),
  );
  try {
    const created = await gw.api<{ ids: number[] }>("POST", "/api/channel/", {
      mode: "multi_to_single",
      multi_key_mode: "polling",
      channel: { name: "keys", type: 1, key: "k-good\nk-bad", base_url: keyed.url, models: "f-keys", group: "default" },
    });
    const id = created.json.data.ids[0]!;
    const keyList = async () =>
      (
        await gw.api<{ keys: { index: number; status: number; reason?: string; disabled_time?: number }[] }>(
          "POST",
          "/api/channel/multi_key/manage",
          { channel_id: id, action: "get_key_status" },
        )
      ).json.data.keys;
    const t = await token();
    // Polling: two calls try both keys; the revoked one is refused upstream.
    for (let i = 0; i < 2; i++)
      await client(t.key)
        .chat.completions.create({ model: "f-keys", messages: hi })
        .catch(() => null);
    expect(used).toContain("k-bad");
    await gw.waitFor(async () => (await keyList())[1]?.status === 3);
    const [good, bad] = await keyList();
    expect(good).toEqual({ index: 0, status: 1, key_preview: "k-g..." });
    expect(bad!.reason).toMatch(/401|invalid api key/);
    expect(bad!.disabled_time).toBeGreaterThan(0);
    // While it is disabled the relay never sends it.
    let mark = used.length;
    for (let i = 0; i < 3; i++) await client(t.key).chat.completions.create({ model: "f-keys", messages: hi });
    expect(used.slice(mark)).toEqual(["k-good", "k-good", "k-good"]);

    revoked.clear();
    const enabled = await gw.api("POST", "/api/channel/multi_key/manage", {
      channel_id: id,
      action: "enable_key",
      key_index: 1,
    });
    expect(enabled.json.success).toBe(true);
    expect((await keyList())[1]).toEqual({ index: 1, status: 1, key_preview: "k-..." });
    mark = used.length;
    for (let i = 0; i < 2; i++) await client(t.key).chat.completions.create({ model: "f-keys", messages: hi });
    expect(used.slice(mark)).toContain("k-bad");
  } finally {
    await keyed.close();
  }
});
