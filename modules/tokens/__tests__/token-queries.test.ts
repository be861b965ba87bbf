// Issue 19 A: what chat apps and one-api-era dashboards ask with their sk- key, served in process by
// the relay handler on a loopback port (real SQLite): the legacy billing emulation
// (/dashboard/billing/subscription and /usage, also under /v1/), /api/usage/token, /api/log/token,
// /v1/engines/{model}/embeddings, /v1/messages/count_tokens and Gemini :countTokens.
import http from "node:http";
import * as tokenRoute from "@/app/api/token/route";
import * as channelRoute from "@/app/api/channel/route";
import { db } from "@/lib/server/db";
import { handleRelay } from "@/relay/entry/handler";
import { recordCharge, resetDeltasForTests } from "@/lib/server/ledger/deltas";
import { invalidateToken } from "@/lib/server/cache/token-cache";
import { answerProbe } from "@/server/health";
import { isReachabilityProbe } from "@/server/edge-routes";
import { listenLoopback } from "@/test-support/upstream/loopback";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

const QPU = 500_000;
let relay: { url: string; close: () => Promise<void> };
let upstream: MockUpstream;
let owner: { id: number; cookie: string };

/** NextChat's request headers (app/client/api.ts getHeaders) for an OpenAI key. */
const nextChatHeaders = (key: string) => ({
  "Content-Type": "application/json",
  Accept: "application/json",
  Authorization: `Bearer ${key}`,
  "x-requested-with": "XMLHttpRequest",
});

/** NextChat's usage query: the first of this month to tomorrow, as YYYY-MM-DD. */
function nextChatUsageQuery(): string {
  const fmt = (d: Date) =>
    `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  const now = new Date();
  return `start_date=${fmt(new Date(now.getFullYear(), now.getMonth(), 1))}&end_date=${fmt(new Date(Date.now() + 86_400_000))}`;
}

async function get(path: string, headers: Record<string, string>) {
  const res = await fetch(relay.url + path, { headers });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const res = await fetch(relay.url + path, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function newToken(fields: Record<string, unknown>): Promise<{ id: number; key: string }> {
  const res = await call<{ key: string; id: number }>(tokenRoute, "POST", "/api/token/", {
    cookie: owner.cookie,
    body: { name: "chat-app", expired_time: -1, remain_quota: 0, unlimited_quota: false, ...fields },
  });
  expect(res.json.success).toBe(true);
  const row = await db().token.findFirstOrThrow({ where: { userId: owner.id }, orderBy: { id: "desc" } });
  return { id: row.id, key: res.json.data.key };
}

beforeAll(async () => {
  await setupRoot();
  owner = await createUserAndLogin({ quota: 7 * QPU });
  relay = await listenLoopback(http.createServer((req, res) => void handleRelay(req, res)));
  upstream = await startMockUpstream();
  const rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  const ch = await call(channelRoute, "POST", "/api/channel/", {
    cookie: rootCookie,
    body: {
      name: "up",
      type: 1,
      key: "sk-upstream-key",
      models: "text-embedding-3-small,claude-x",
      group: "default",
      base_url: upstream.url,
    },
  });
  expect(ch.json.success).toBe(true);
  await setOptions({ ModelRatio: JSON.stringify({ "text-embedding-3-small": 1, "claude-x": 1 }) });
});

afterAll(async () => {
  await relay?.close();
  await upstream?.close();
});

afterEach(() => resetDeltasForTests());

describe("/dashboard/billing (NextChat's balance check)", () => {
  test("a limited token: hard limit = remain + used in USD, usage = used in cents, both path forms", async () => {
    const t = await newToken({ remain_quota: 3 * QPU });
    await db().token.update({ where: { id: t.id }, data: { usedQuota: BigInt(QPU / 2) } });
    for (const prefix of ["", "/v1"]) {
      const subs = await get(`${prefix}/dashboard/billing/subscription`, nextChatHeaders(t.key));
      expect(subs.status).toBe(200);
      expect(subs.json).toEqual({
        object: "billing_subscription",
        has_payment_method: true,
        soft_limit_usd: 3.5,
        hard_limit_usd: 3.5,
        system_hard_limit_usd: 3.5,
        access_until: 0,
      });
      const usage = await get(`${prefix}/dashboard/billing/usage?${nextChatUsageQuery()}`, nextChatHeaders(t.key));
      expect(usage.status).toBe(200);
      expect(usage.json).toEqual({ object: "list", total_usage: 50 });
      // NextChat shows used = round(total_usage)/100 and total = hard_limit_usd.
      expect(Math.round(usage.json.total_usage) / 100).toBe(0.5);
    }
  });

  test("a charge settled but not yet flushed shows at once; an expiry is access_until", async () => {
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const t = await newToken({ remain_quota: QPU, expired_time: expires });
    recordCharge(owner.id, t.id, QPU / 4, 0);
    const subs = await get("/v1/dashboard/billing/subscription", nextChatHeaders(t.key));
    expect(subs.json.hard_limit_usd).toBe(1);
    expect(subs.json.access_until).toBe(expires);
    const usage = await get("/v1/dashboard/billing/usage", nextChatHeaders(t.key));
    expect(usage.json.total_usage).toBe(25);
  });

  test("an unlimited token reports 100 000 000; with DisplayTokenStatEnabled off, the owner's balance", async () => {
    const t = await newToken({ unlimited_quota: true });
    expect((await get("/dashboard/billing/subscription", nextChatHeaders(t.key))).json.hard_limit_usd).toBe(1e8);
    await setOptions({ DisplayTokenStatEnabled: "false" });
    try {
      await db().user.update({ where: { id: owner.id }, data: { quota: BigInt(7 * QPU), usedQuota: BigInt(QPU) } });
      const subs = await get("/dashboard/billing/subscription", nextChatHeaders(t.key));
      expect(subs.json.hard_limit_usd).toBe(8);
      expect((await get("/dashboard/billing/usage", nextChatHeaders(t.key))).json.total_usage).toBe(100);
    } finally {
      await setOptions({ DisplayTokenStatEnabled: "true" });
    }
  });

  test("display type TOKENS answers quota units; a bad or missing key is a 401 in the OpenAI shape", async () => {
    const t = await newToken({ remain_quota: 1234 });
    await setOptions({ "general_setting.quota_display_type": "TOKENS" });
    try {
      expect((await get("/dashboard/billing/subscription", nextChatHeaders(t.key))).json.hard_limit_usd).toBe(1234);
    } finally {
      await setOptions({ "general_setting.quota_display_type": "USD" });
    }
    const bad = await get("/dashboard/billing/subscription", nextChatHeaders("sk-nope"));
    expect(bad.status).toBe(401);
    expect(bad.json.error.type).toBe("authentication_error");
    const none = await get("/v1/dashboard/billing/usage", {});
    expect(none.status).toBe(401);
    expect(none.json.error).toBeDefined();
  });
});

describe("/api/usage/token and /api/log/token", () => {
  test("usage in quota units, model limits as a map; an exhausted token may still read it, a disabled one not", async () => {
    const t = await newToken({ remain_quota: 900, model_limits_enabled: true, model_limits: "gpt-4o,claude-x" });
    await db().token.update({ where: { id: t.id }, data: { usedQuota: BigInt(100) } });
    const r = await get("/api/usage/token/", { Authorization: `Bearer ${t.key}` });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      code: true,
      message: "ok",
      data: {
        object: "token_usage",
        name: "chat-app",
        total_granted: 1000,
        total_used: 100,
        total_available: 900,
        unlimited_quota: false,
        model_limits: { "gpt-4o": true, "claude-x": true },
        model_limits_enabled: true,
        expires_at: 0,
      },
    });
    await db().token.update({ where: { id: t.id }, data: { status: 4 } });
    invalidateToken(t.id);
    expect((await get("/api/usage/token", { Authorization: `Bearer ${t.key}` })).status).toBe(200);
    // ... but the relay refuses it
    expect((await get("/dashboard/billing/usage", { Authorization: `Bearer ${t.key}` })).status).toBe(401);
    await db().token.update({ where: { id: t.id }, data: { status: 2 } });
    invalidateToken(t.id);
    const disabled = await get("/api/usage/token", { Authorization: `Bearer ${t.key}` });
    expect(disabled.status).toBe(401);
    expect(disabled.json).toEqual({ success: false, message: expect.any(String) });
  });

  test("/api/log/token: that token's logs only, newest first, without routing internals", async () => {
    const a = await newToken({ unlimited_quota: true });
    const b = await newToken({ unlimited_quota: true });
    const row = (tokenId: number, content: string) => ({
      userId: owner.id,
      createdAt: Math.floor(Date.now() / 1000),
      type: 2,
      content,
      tokenId,
      channelId: 7,
      other: JSON.stringify({ admin_info: { use_channel: [7] }, model_ratio: 1 }),
    });
    await db().log.create({ data: row(a.id, "first") });
    await db().log.create({ data: row(b.id, "other token") });
    await db().log.create({ data: row(a.id, "second") });
    const r = await get("/api/log/token", { Authorization: `Bearer ${a.key}` });
    expect(r.status).toBe(200);
    expect(r.json.success).toBe(true);
    expect(r.json.data.map((l: { content: string }) => l.content)).toEqual(["second", "first"]);
    expect(r.json.data[0].channel).toBeUndefined();
    expect(JSON.parse(r.json.data[0].other)).toEqual({ model_ratio: 1 });
    expect((await get("/api/log/token", {})).status).toBe(401);
  });
});

describe("legacy and counting paths", () => {
  test("/v1/engines/{model}/embeddings: the path names the model when the body does not", async () => {
    const t = await newToken({ unlimited_quota: true });
    const before = upstream.requests.length;
    const r = await post(
      "/v1/engines/text-embedding-3-small/embeddings",
      { Authorization: `Bearer ${t.key}` },
      {
        input: "hello",
      },
    );
    expect(r.status).toBe(200);
    expect(r.json.data[0].embedding).toEqual([0.1, 0.2, 0.3]);
    const sent = upstream.requests.slice(before).find((q) => q.path.endsWith("/embeddings"))!;
    expect(sent.body.model).toBe("text-embedding-3-small");
    expect(sent.headers.authorization).toBe("Bearer sk-upstream-key");
  });

  test("/v1/messages/count_tokens and Gemini :countTokens answer a local count, bill nothing, call no upstream", async () => {
    const t = await newToken({ remain_quota: 1000 });
    const before = upstream.requests.length;
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(20);
    const claude = await post(
      "/v1/messages/count_tokens",
      { "x-api-key": t.key, "anthropic-version": "2023-06-01" },
      {
        model: "claude-x",
        system: "be brief",
        messages: [{ role: "user", content: text }],
      },
    );
    expect(claude.status).toBe(200);
    expect(claude.json.input_tokens).toBeGreaterThan(200);
    expect(claude.json.input_tokens).toBeLessThan(260);
    const gemini = await post(
      `/v1beta/models/claude-x:countTokens?key=${t.key}`,
      {},
      {
        contents: [{ role: "user", parts: [{ text }] }],
      },
    );
    expect(gemini.status).toBe(200);
    expect(gemini.json.totalTokens).toBeGreaterThan(200);
    const wrapped = await post(
      "/v1beta/models/claude-x:countTokens",
      { "x-goog-api-key": t.key },
      {
        generateContentRequest: { contents: [{ role: "user", parts: [{ text }] }] },
      },
    );
    expect(wrapped.json.totalTokens).toBe(gemini.json.totalTokens);
    expect(upstream.requests.length).toBe(before);
    const row = await db().token.findUniqueOrThrow({ where: { id: t.id } });
    expect(Number(row.usedQuota)).toBe(0);
    // Bad input is the client's fault, in its own error shape.
    const bad = await post("/v1/messages/count_tokens", { "x-api-key": t.key }, { model: "claude-x" });
    expect(bad.status).toBe(400);
    expect(bad.json.type).toBe("error");
  });

  test("HEAD / and HEAD /api/hello are reachability probes; GET is not", () => {
    expect(isReachabilityProbe("HEAD", "/")).toBe(true);
    expect(isReachabilityProbe("HEAD", "/api/hello")).toBe(true);
    expect(isReachabilityProbe("GET", "/")).toBe(false);
    expect(isReachabilityProbe("HEAD", "/v1/models")).toBe(false);
    const written: unknown[] = [];
    answerProbe({ writeHead: (s: number) => written.push(s), end: () => written.push("end") } as never);
    expect(written).toEqual([200, "end"]);
  });
});
