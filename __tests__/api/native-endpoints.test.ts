// /v1/messages/count_tokens on an Anthropic channel (issue 19): forwarded to the channel's own
// /v1/messages/count_tokens with the channel key, mapped model and the client's anthropic-version /
// anthropic-beta, its answer returned as is; a 404 falls back to the local estimate; other upstream
// errors come back in Claude's error shape. Never billed. The same for Gemini's :countTokens on a
// Gemini channel ({version}/models/{mapped}:countTokens, x-goog-api-key, Gemini's error shape), and a
// count whose first channel speaks another dialect stays local. Also the Gemini SDKs' models.get
// (GET /v1beta/models/{model}). In process, relay handler on loopback.
import http from "node:http";
import * as tokenRoute from "@/app/api/token/route";
import * as channelRoute from "@/app/api/channel/route";
import { db } from "@/lib/server/db";
import { handleRelay } from "@/relay/entry/handler";
import { jsonBodyServer, listenLoopback } from "@/test-support/upstream/loopback";
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

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
const seen: Seen[] = [];
let relay: { url: string; close: () => Promise<void> };
let anthropic: { url: string; close: () => Promise<void> };
let key = "";
let tokenId = 0;

/** Anthropic's count_tokens by model (and Gemini's :countTokens by the model in the path): exact
 *  count, 404 (a proxy without the endpoint), or a 400. */
const mock = jsonBodyServer((req, body, res) => {
  seen.push({ path: req.url ?? "", headers: req.headers, body });
  const answer = (status: number, json: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(json));
  };
  const gemini = /^\/v1beta\/models\/([^/:]+):countTokens$/.exec(req.url ?? "");
  if (gemini?.[1] === "gemini-upstream") return answer(200, { totalTokens: 777, cachedContentTokenCount: 5 });
  if (gemini?.[1] === "gemini-proxy") return answer(404, { error: { code: 404, status: "NOT_FOUND" } });
  if (gemini) return answer(400, { error: { code: 400, message: "contents: empty", status: "INVALID_ARGUMENT" } });
  if (req.url !== "/v1/messages/count_tokens") return answer(500, { error: "unexpected path" });
  if (body.model === "claude-upstream") return answer(200, { input_tokens: 4242 });
  if (body.model === "claude-proxy") return answer(404, { type: "error", error: { type: "not_found_error" } });
  return answer(400, { type: "error", error: { type: "invalid_request_error", message: "messages: too short" } });
});

async function count(model: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${relay.url}/v1/messages/count_tokens`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01", ...headers },
    body: JSON.stringify({
      model,
      system: "be brief",
      messages: [{ role: "user", content: "The quick brown fox jumps over the lazy dog. ".repeat(20) }],
      tools: [{ name: "f", input_schema: { type: "object" } }],
    }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

beforeAll(async () => {
  await setupRoot();
  const owner = await createUserAndLogin({ quota: 1_000_000 });
  relay = await listenLoopback(http.createServer((req, res) => void handleRelay(req, res)));
  anthropic = await listenLoopback(mock);
  const rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  const ch = await call(channelRoute, "POST", "/api/channel/", {
    cookie: rootCookie,
    body: {
      name: "claude",
      type: 14,
      key: "sk-ant-channel",
      models: "claude-alias,claude-proxy,claude-broken",
      model_mapping: JSON.stringify({ "claude-alias": "claude-upstream" }),
      group: "default",
      base_url: anthropic.url,
    },
  });
  expect(ch.json.success).toBe(true);
  const gch = await call(channelRoute, "POST", "/api/channel/", {
    cookie: rootCookie,
    body: {
      name: "gemini",
      type: 24,
      key: "g-channel-key",
      models: "gemini-alias,gemini-proxy,gemini-broken",
      model_mapping: JSON.stringify({ "gemini-alias": "gemini-upstream" }),
      group: "default",
      base_url: anthropic.url,
    },
  });
  expect(gch.json.success).toBe(true);
  const models = ["claude-alias", "claude-proxy", "claude-broken", "gemini-alias", "gemini-proxy", "gemini-broken"];
  await setOptions({ ModelRatio: JSON.stringify(Object.fromEntries(models.map((m) => [m, 1]))) });
  const t = await call<{ key: string }>(tokenRoute, "POST", "/api/token/", {
    cookie: owner.cookie,
    body: { name: "cc", expired_time: -1, remain_quota: 0, unlimited_quota: true },
  });
  expect(t.json.success).toBe(true);
  key = `sk-${t.json.data!.key}`.replace(/^sk-sk-/, "sk-");
  tokenId = (await db().token.findFirstOrThrow({ where: { userId: owner.id } })).id;
});

afterAll(async () => {
  await relay?.close();
  await anthropic?.close();
});

test("the channel's exact count: channel key, mapped model, anthropic-version and every beta value", async () => {
  const r = await count("claude-alias", {
    "anthropic-beta": "token-counting-2024-11-01,interleaved-thinking-2025-05-14",
  });
  expect(r).toEqual({ status: 200, json: { input_tokens: 4242 } });
  const up = seen[seen.length - 1]!;
  expect(up.headers["x-api-key"]).toBe("sk-ant-channel");
  expect(up.headers.authorization).toBeUndefined();
  expect(up.headers["anthropic-version"]).toBe("2023-06-01");
  expect(up.headers["anthropic-beta"]).toBe("token-counting-2024-11-01,interleaved-thinking-2025-05-14");
  expect(up.body).toMatchObject({ model: "claude-upstream", system: "be brief", tools: [{ name: "f" }] });
  const row = await db().token.findUniqueOrThrow({ where: { id: tokenId } });
  expect(Number(row.usedQuota)).toBe(0);
  expect(await db().log.count({ where: { tokenId } })).toBe(0);
});

test("an upstream 404 falls back to the local estimate", async () => {
  const before = seen.length;
  const r = await count("claude-proxy");
  expect(seen.length).toBe(before + 1);
  expect(r.status).toBe(200);
  expect(r.json.input_tokens).toBeGreaterThan(200);
  expect(r.json.input_tokens).toBeLessThan(280);
});

test("another upstream error is returned in Claude's error shape with its status", async () => {
  const r = await count("claude-broken");
  expect(r.status).toBe(400);
  expect(r.json.type).toBe("error");
  expect(r.json.error.message).toContain("messages: too short");
});

const FOX = "The quick brown fox jumps over the lazy dog. ".repeat(20);

async function geminiCount(model: string, body: unknown = { contents: [{ role: "user", parts: [{ text: FOX }] }] }) {
  const res = await fetch(`${relay.url}/v1beta/models/${model}:countTokens`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": key },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

describe("Gemini :countTokens on a Gemini channel", () => {
  test("forwarded with the channel key to the mapped model, the answer as is, not billed", async () => {
    const r = await geminiCount("gemini-alias");
    expect(r).toEqual({ status: 200, json: { totalTokens: 777, cachedContentTokenCount: 5 } });
    const up = seen[seen.length - 1]!;
    expect(up.path).toBe("/v1beta/models/gemini-upstream:countTokens");
    expect(up.headers["x-goog-api-key"]).toBe("g-channel-key");
    expect(up.body).toEqual({ contents: [{ role: "user", parts: [{ text: FOX }] }] });
    expect(Number((await db().token.findUniqueOrThrow({ where: { id: tokenId } })).usedQuota)).toBe(0);
    expect(await db().log.count({ where: { tokenId } })).toBe(0);
  });

  test("a wrapped generateContentRequest names the channel's model", async () => {
    const inner = { model: "models/gemini-alias", contents: [{ role: "user", parts: [{ text: "hi" }] }] };
    expect((await geminiCount("gemini-alias", { generateContentRequest: inner })).json.totalTokens).toBe(777);
    expect(seen[seen.length - 1]!.body).toEqual({
      generateContentRequest: { ...inner, model: "models/gemini-upstream" },
    });
  });

  test("a 404 falls back to the local estimate; another error comes back in Gemini's shape", async () => {
    const before = seen.length;
    const local = await geminiCount("gemini-proxy");
    expect(seen.length).toBe(before + 1);
    expect(local.status).toBe(200);
    expect(local.json.totalTokens).toBeGreaterThan(180);
    expect(local.json.totalTokens).toBeLessThan(260);
    const broken = await geminiCount("gemini-broken");
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatchObject({ code: 400, message: expect.stringContaining("contents: empty") });
  });

  test("a count whose first channel speaks the other dialect stays local", async () => {
    const before = seen.length;
    expect((await geminiCount("claude-alias")).json.totalTokens).toBeGreaterThan(180);
    expect((await count("gemini-alias")).json.input_tokens).toBeGreaterThan(200);
    expect(seen.length).toBe(before);
  });
});

test("GET /v1beta/models/{model}: a usable model in the Gemini shape, a 404 in Gemini's error shape", async () => {
  const get = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(relay.url + path, { headers });
    return { status: res.status, json: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const one = await get("/v1beta/models/claude-alias", { "x-goog-api-key": key });
  expect(one.status).toBe(200);
  expect(one.json).toMatchObject({ name: "models/claude-alias", displayName: "claude-alias" });
  expect(one.json.supportedGenerationMethods).toContain("generateContent");
  expect((await get(`/v1beta/models/models%2Fclaude-alias?key=${key}`, {})).json.name).toBe("models/claude-alias");
  const missing = await get("/v1beta/models/nope", { "x-goog-api-key": key });
  expect(missing.status).toBe(404);
  expect(missing.json.error).toMatchObject({ code: 404, status: "NOT_FOUND" });
  expect((await get("/v1beta/models/claude-alias", {})).status).toBe(401);
});
