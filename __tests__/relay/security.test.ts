// Issue 17 (items 2, 3, 4, 6, 9) as attacks over HTTP against the production server, one gateway:
// keys never follow redirects or go to a repointed channel (task APIs included), our own refusals
// never disable a channel, output is capped to the balance, the console sends its security headers,
// upstream error texts reach callers without keys or internal addresses, a console body is cut off
// at its route's limit (review 3, N3: through main.ts and the API router), and an invalid-key spray
// is cut off per address (RELAY_AUTH_FAILURE_LIMIT 5 here; that test runs last, as it blocks the
// loopback address for the rest of the window).
import type http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { jsonBodyServer, listenLoopback, sendJson as json } from "@/test-support/upstream/loopback";
import { sendChunked } from "@/test-support/chunked-upload";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

let gw: Gateway;
let up: { url: string; close: () => Promise<void> };
let sink: { url: string; close: () => Promise<void> };
const upSeen: Seen[] = [];
const sinkSeen: Seen[] = [];
const KEY = "sk-channel-secret-0123456789";

function recorder(seen: Seen[], answer: (s: Seen, res: http.ServerResponse) => void) {
  return jsonBodyServer((req, body, res) => {
    const s = { path: req.url ?? "", headers: req.headers, body };
    seen.push(s);
    answer(s, res);
  });
}

/** The upstream: writes as many tokens as max_tokens allows (100000 when unlimited). */
function upstream(s: Seen, res: http.ServerResponse) {
  if (s.path.endsWith("/models")) {
    res.writeHead(302, { location: `${sink.url}/v1/models` });
    return res.end();
  }
  const model = String(s.body.model ?? "");
  if (model === "fail401-x") return json(res, 401, { error: { message: "invalid key" } });
  if (model === "leak-x")
    return json(res, 400, {
      error: {
        message: `Incorrect API key provided: ${KEY}. Upstream http://10.1.2.3:8000/v1 refused (host 192.168.7.9)`,
      },
    });
  const limit = Number(s.body.max_tokens ?? s.body.max_completion_tokens ?? 100_000);
  json(res, 200, {
    id: "x",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, message: { role: "assistant", content: "x" }, finish_reason: "length" }],
    usage: { prompt_tokens: 1, completion_tokens: limit, total_tokens: limit + 1 },
  });
}

const relay = (key: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const channelStatus = async (id: number) =>
  (await gw.sql<{ status: number }>("select status from channels where id = ?", id))[0]!.status;

beforeAll(async () => {
  up = await listenLoopback(recorder(upSeen, upstream));
  sink = await listenLoopback(recorder(sinkSeen, (_s, res) => json(res, 200, { data: [{ id: "stolen" }] })));
  gw = await startGateway({ env: { RELAY_AUTH_FAILURE_LIMIT: "5", RELAY_AUTH_FAILURE_WINDOW: "600" } });
  const ratios = { "long-x": 1, "c-model": 1, "leak-x": 1, "fail401-x": 1 };
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify(ratios) });
  await gw.api("PUT", "/api/option/", { key: "CompletionRatio", value: JSON.stringify(ratios) });
  await gw.api("PUT", "/api/option/", {
    key: "ModelPrice",
    value: JSON.stringify({ mj_imagine: 0.02, suno_music: 0.1 }),
  });
}, 600_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
  await sink?.close();
});

describe("item 2: channel keys stay with the channel", () => {
  test("repointing a channel needs its key; fetch_models never follows a redirect with the key", async () => {
    const id = await gw.createChannel({ name: "openai", key: KEY, base_url: up.url, models: "long-x" });
    const moved = await gw.api("PUT", "/api/channel/", { id, base_url: sink.url });
    expect(moved.json.success).toBe(false);
    const [row] = await gw.sql<{ baseUrl: string }>("select baseUrl from channels where id = ?", id);
    expect(row!.baseUrl).toBe(up.url);
    for (const change of [{ type: 14 }, { header_override: '{"x-a":"b"}' }, { param_override: '{"a":1}' }])
      expect((await gw.api("PUT", "/api/channel/", { id, ...change })).json.success).toBe(false);
    // With the key in the same request the change is an ordinary edit.
    expect((await gw.api("PUT", "/api/channel/", { id, key: KEY, base_url: up.url, priority: 1 })).json.success).toBe(
      true,
    );

    const models = await gw.api("GET", `/api/channel/fetch_models/${id}`);
    expect(models.json.success).toBe(false);
    expect(sinkSeen).toHaveLength(0);
    expect(upSeen.some((s) => s.path.endsWith("/models"))).toBe(true);
  });

  test("with private addresses turned off, no key goes to a loopback channel", async () => {
    const id = await gw.createChannel({ name: "local", key: KEY, base_url: up.url, models: "c-model" });
    const t = await gw.createToken();
    const before = upSeen.length;
    await gw.api("PUT", "/api/option/", { key: "ChannelPrivateAddressEnabled", value: "false" });
    try {
      const page = await gw.raw("GET", "/admin/channels");
      expect(await page.text()).toMatch(/channel-address-policy[^>]*>[^<]*(blocked|已禁止)/);
      const created = await gw.api("POST", "/api/channel/", {
        type: 1,
        name: "lo",
        key: "k",
        base_url: up.url,
        models: "c-model",
      });
      expect(created.json.success).toBe(false);
      const r = await relay(t.key, "/v1/chat/completions", {
        model: "c-model",
        messages: [{ role: "user", content: "hi" }],
      });
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(upSeen.length).toBe(before);
    } finally {
      await gw.api("PUT", "/api/option/", { key: "ChannelPrivateAddressEnabled", value: "true" });
      await gw.api("DELETE", `/api/channel/${id}`);
    }
  });
});

describe("item 2: task APIs follow the channel address rule", () => {
  test("with private addresses turned off, Midjourney and Suno submits send no key to a loopback channel", async () => {
    const mj = await gw.createChannel({ type: 2, name: "mj", key: KEY, base_url: up.url, models: "mj_imagine" });
    const suno = await gw.createChannel({ type: 36, name: "suno", key: KEY, base_url: up.url, models: "suno_music" });
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 1_000_000 });
    const before = upSeen.length;
    await gw.api("PUT", "/api/option/", { key: "ChannelPrivateAddressEnabled", value: "false" });
    try {
      const imagine = await relay(t.key, "/mj/submit/imagine", { prompt: "a cat" });
      expect(imagine.status).toBeGreaterThanOrEqual(500);
      const music = await relay(t.key, "/suno/submit/music", { prompt: "a song", mv: "chirp-v3-5" });
      expect(music.status).toBeGreaterThanOrEqual(500);
      expect(upSeen.length).toBe(before);
      // Nothing was charged for the refused calls.
      const [row] = await gw.sql<{ usedQuota: number }>("select usedQuota from tokens where id = ?", t.id);
      expect(Number(row!.usedQuota)).toBe(0);
    } finally {
      await gw.api("PUT", "/api/option/", { key: "ChannelPrivateAddressEnabled", value: "true" });
      await gw.api("DELETE", `/api/channel/${mj}`);
      await gw.api("DELETE", `/api/channel/${suno}`);
    }
  });
});

describe("item 3: refusals of ours never disable a channel", () => {
  // /v1/responses is converted for Claude channels (issue 19 D); rerank stays OpenAI-only.
  test("POST /v1/rerank for a Claude channel's model: 400, no retry, channel stays enabled", async () => {
    await gw.api("PUT", "/api/option/", { key: "AutomaticDisableChannelEnabled", value: "true" });
    await gw.api("PUT", "/api/option/", { key: "AutomaticDisableStatusCodes", value: "401" });
    await gw.api("PUT", "/api/option/", { key: "RetryTimes", value: "3" });
    const claude = await gw.createChannel({ type: 14, name: "claude", key: KEY, base_url: up.url, models: "c-model" });
    const broken = await gw.createChannel({ name: "broken", key: KEY, base_url: up.url, models: "fail401-x" });
    const t = await gw.createToken();
    const before = upSeen.length;
    for (let i = 0; i < 3; i++) {
      const r = await relay(t.key, "/v1/rerank", { model: "c-model", query: "hi", documents: ["a", "b"] });
      expect(r.status).toBe(400);
    }
    expect(upSeen.length).toBe(before);
    // A real upstream fault on another channel does disable it; once that is visible, the
    // Claude channel's refusals (sent earlier, through the same path) have had their chance.
    await relay(t.key, "/v1/chat/completions", { model: "fail401-x", messages: [{ role: "user", content: "hi" }] });
    await gw.waitFor(async () => (await channelStatus(broken)) === 3, 10_000);
    expect(await channelStatus(claude)).toBe(1);
    await gw.api("PUT", "/api/option/", { key: "AutomaticDisableChannelEnabled", value: "false" });
    await gw.api("PUT", "/api/option/", { key: "RetryTimes", value: "0" });
    await gw.api("DELETE", `/api/channel/${claude}`);
  });
});

describe("item 4: output is capped to the balance", () => {
  test("concurrent long outputs on a small balance are all paid for in full", async () => {
    const budget = 5000;
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: budget });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        relay(t.key, "/v1/chat/completions", { model: "long-x", messages: [{ role: "user", content: "write" }] }),
      ),
    );
    expect(results.some((r) => r.status === 200)).toBe(true);
    await gw.settle();
    const logs = await gw.sql<{ quota: number; promptTokens: number; completionTokens: number }>(
      "select quota, promptTokens, completionTokens from logs where type = 2 and tokenId = ?",
      t.id,
    );
    expect(logs.length).toBe(results.filter((r) => r.status === 200).length);
    // Ratio 1 / completion ratio 1: every token written was charged, nothing forgiven.
    for (const l of logs) expect(l.quota).toBe(l.promptTokens + l.completionTokens);
    const [row] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    const sum = logs.reduce((a, l) => a + l.quota, 0);
    expect(row!.usedQuota).toBe(sum);
    expect(row!.remainQuota).toBe(budget - sum);
    expect(row!.remainQuota).toBeGreaterThanOrEqual(0);
  });

  test("nothing affordable: refused, stating what is needed and available (zh and en)", async () => {
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 2 });
    const body = {
      model: "long-x",
      max_tokens: 100,
      messages: [{ role: "user", content: "a long prompt ".repeat(20) }],
    };
    const en = await relay(t.key, "/v1/chat/completions", body, { "accept-language": "en" });
    expect(en.status).toBe(403);
    const enMsg = ((await en.json()) as { error: { message: string } }).error.message;
    expect(enMsg).toMatch(/requested up to 100 output tokens/);
    expect(enMsg).toMatch(/2 is available/);
    const zh = await relay(t.key, "/v1/chat/completions", body, { "accept-language": "zh-CN" });
    expect(((await zh.json()) as { error: { message: string } }).error.message).toMatch(/可用额度为 2/);
  });
});

describe("item 6: console security headers", () => {
  test("pages carry a CSP with frame-ancestors, nosniff and a referrer policy, and still render", async () => {
    const res = await fetch(`${gw.url}/login`);
    expect(res.status).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(await res.text()).toContain("<script");
  });
});

describe("review 3 N3: a console body is read only up to its route's limit", () => {
  test("an anonymous chunked login without Content-Length: 413 at once, the connection closed", async () => {
    const total = 64 * 1024 * 1024;
    const r = await sendChunked(gw.url, "POST", "/api/user/login", total);
    expect(r.status).toBe(413);
    expect(r.body).toContain('"message":"请求体过大"');
    expect(r.closed).toBe(true);
    expect(r.sent).toBeLessThan(total / 4);
    expect((await fetch(`${gw.url}/api/status`)).status).toBe(200);
  });
});

describe("item 9: upstream error texts are redacted", () => {
  test("the channel key and internal addresses never reach the caller", async () => {
    await gw.createChannel({ name: "leaky", key: KEY, base_url: up.url, models: "leak-x" });
    const t = await gw.createToken();
    const r = await relay(t.key, "/v1/chat/completions", {
      model: "leak-x",
      messages: [{ role: "user", content: "hi" }],
    });
    const text = await r.text();
    expect(text).toContain("Incorrect API key provided");
    expect(text).not.toContain(KEY);
    expect(text).not.toContain("10.1.2.3");
    expect(text).not.toContain("192.168.7.9");
  });
});

// Last in this file: it leaves the loopback address blocked for unknown keys.
describe("item 9: an invalid-key spray is cut off per address", () => {
  test("past 5 unknown keys: 429 in each endpoint's error shape (zh and en); a cached key still works", async () => {
    const t = await gw.createToken();
    expect((await fetch(`${gw.url}/v1/models`, { headers: { authorization: `Bearer ${t.key}` } })).status).toBe(200);
    const bad = () => `sk-${Math.random().toString(36).slice(2)}${"x".repeat(30)}`;
    const chat = { model: "c-model", messages: [{ role: "user", content: "hi" }] };
    for (let i = 0; i < 5; i++) expect((await relay(bad(), "/v1/chat/completions", chat)).status).toBe(401);

    const openai = await relay(bad(), "/v1/chat/completions", chat, { "accept-language": "zh-CN" });
    expect(openai.status).toBe(429);
    const o = (await openai.json()) as { error: { message: string; code: string } };
    expect(o.error.code).toBe("too_many_invalid_keys");
    expect(o.error.message).toMatch(/你的地址使用无效 API 密钥的请求过多/);

    const claude = await fetch(`${gw.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": bad(), "anthropic-version": "2023-06-01", "accept-language": "en" },
      body: JSON.stringify({ model: "c-model", max_tokens: 5, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(claude.status).toBe(429);
    const c = (await claude.json()) as { type: string; error: { type: string; message: string } };
    expect(c).toMatchObject({ type: "error", error: { type: "rate_limit_error" } });
    expect(c.error.message).toMatch(/Too many requests with invalid API keys/);

    const gemini = await fetch(`${gw.url}/v1beta/models/c-model:generateContent?key=${bad()}`, {
      method: "POST",
      body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }),
    });
    expect(gemini.status).toBe(429);
    expect(((await gemini.json()) as { error: { status: string } }).error.status).toBe("RESOURCE_EXHAUSTED");

    // A token created now (not yet cached) from the blocked address waits too; the cached one works.
    const late = await gw.createToken();
    expect((await relay(late.key, "/v1/chat/completions", chat)).status).toBe(429);
    expect((await fetch(`${gw.url}/v1/models`, { headers: { authorization: `Bearer ${t.key}` } })).status).toBe(200);
  });
});
