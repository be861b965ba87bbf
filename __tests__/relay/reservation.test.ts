// Issue 36 (review N2, N9, M1 residue) as attacks over HTTP against the production server, one
// gateway: the output cap cannot be bypassed by an alias field, `n` or `candidateCount`; what is spent
// beyond the balance is owed (the balance goes negative) instead of forgiven; token-id prompts are
// priced; server-side web searches are billed per call; paid Anthropic betas do not pass.
// The mock upstream answers in each dialect and writes as many tokens as it was allowed.
import type http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { jsonBodyServer, listenLoopback, sendJson as json } from "@/test-support/upstream/loopback";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
type Json = Record<string, unknown>;

let gw: Gateway;
let up: { url: string; close: () => Promise<void> };
const seen: Seen[] = [];
const UNLIMITED = 100_000;

function gemini(body: Json, res: http.ServerResponse) {
  const g = (body.generationConfig ?? {}) as Json;
  const each = Number(g.maxOutputTokens ?? UNLIMITED);
  const n = Number(g.candidateCount ?? 1);
  const candidates = Array.from({ length: n }, (_, index) => ({
    index,
    content: { role: "model", parts: [{ text: "x" }] },
    finishReason: "MAX_TOKENS",
  }));
  json(res, 200, {
    candidates,
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: each * n, totalTokenCount: each * n + 1 },
  });
}

function claude(body: Json, res: http.ServerResponse) {
  const searches = body.model === "search-claude" ? 2 : 0;
  json(res, 200, {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: body.model,
    content: [{ type: "text", text: "x" }],
    stop_reason: "max_tokens",
    stop_sequence: null,
    usage: {
      input_tokens: 1,
      output_tokens: Number(body.max_tokens ?? UNLIMITED),
      ...(searches ? { server_tool_use: { web_search_requests: searches } } : {}),
    },
  });
}

/** OpenAI: the larger of the two limit fields (as vLLM reads them) for each of n choices. */
function openai(s: Seen, res: http.ServerResponse) {
  const b = s.body;
  const ids = Array.isArray(b.prompt) ? (b.prompt as unknown[]).flat().length : 0;
  const limit = Math.max(Number(b.max_tokens ?? 0), Number(b.max_completion_tokens ?? 0)) || UNLIMITED;
  const n = Number(b.n ?? 1);
  const completion = b.model === "overrun-x" ? 5000 : limit * n;
  const choice =
    s.path.endsWith("/completions") && !s.path.includes("chat")
      ? { text: "x" }
      : { message: { role: "assistant", content: "x" } };
  json(res, 200, {
    id: "x",
    object: "chat.completion",
    created: 1,
    model: b.model,
    choices: [{ index: 0, finish_reason: "length", ...choice }],
    usage: { prompt_tokens: ids || 1, completion_tokens: completion, total_tokens: (ids || 1) + completion },
  });
}

const relay = (key: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

const hi = [{ role: "user", content: "hi" }];

/** The token's consume logs and balance, once the writer has persisted them. */
async function ledgerOf(tokenId: number) {
  await gw.settle();
  const logs = await gw.sql<{ quota: number; other: string }>(
    "select quota, other from logs where type = 2 and tokenId = ?",
    tokenId,
  );
  const [row] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
    "select remainQuota, usedQuota from tokens where id = ?",
    tokenId,
  );
  return { logs, remain: Number(row!.remainQuota), used: Number(row!.usedQuota) };
}

/** A token worth `quota` and the upstream requests it causes. */
async function limited(quota: number) {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: quota });
  const from = seen.length;
  return { ...t, received: () => seen.slice(from) };
}

beforeAll(async () => {
  up = await listenLoopback(
    jsonBodyServer((req, body, res) => {
      const s = { path: req.url ?? "", headers: req.headers, body };
      seen.push(s);
      if (s.path.includes(":generateContent")) return gemini(body, res);
      if (s.path.endsWith("/v1/messages")) return claude(body, res);
      openai(s, res);
    }),
  );
  gw = await startGateway();
  const models = ["cap-claude", "search-claude", "cap-openai", "overrun-x", "cap-gem"];
  const ratios = JSON.stringify(Object.fromEntries(models.map((m) => [m, 1])));
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: ratios });
  await gw.api("PUT", "/api/option/", { key: "CompletionRatio", value: ratios });
  await gw.createChannel({ type: 14, name: "claude", key: "k", base_url: up.url, models: "cap-claude,search-claude" });
  await gw.createChannel({ name: "openai", key: "k", base_url: up.url, models: "cap-openai,overrun-x" });
  await gw.createChannel({ type: 24, name: "gemini", key: "k", base_url: up.url, models: "cap-gem" });
}, 600_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

describe("N2: the output cap cannot be bypassed", () => {
  test("max_tokens:1 + max_completion_tokens:64000 to a Claude channel: the upstream gets what 1,000 pays for", async () => {
    const t = await limited(1000);
    const body = { model: "cap-claude", max_tokens: 1, max_completion_tokens: 64000, messages: hi };
    expect((await relay(t.key, "/v1/chat/completions", body)).status).toBe(200);
    const [sent] = t.received();
    expect(Number(sent!.body.max_tokens)).toBeGreaterThan(900);
    expect(Number(sent!.body.max_tokens)).toBeLessThanOrEqual(1000);
    const { logs, remain } = await ledgerOf(t.id);
    expect(logs[0]!.quota).toBeLessThanOrEqual(1000);
    expect(remain).toBeGreaterThanOrEqual(0);
  });

  test("n:100 with max_tokens:500: reserved for 100 choices, capped per choice", async () => {
    const t = await limited(1000);
    const body = { model: "cap-openai", n: 100, max_tokens: 500, messages: hi };
    expect((await relay(t.key, "/v1/chat/completions", body)).status).toBe(200);
    const [sent] = t.received();
    expect(sent!.body.n).toBe(100);
    expect(Number(sent!.body.max_tokens) * 100).toBeLessThanOrEqual(1000);
    const { logs, remain } = await ledgerOf(t.id);
    expect(logs[0]!.quota).toBeLessThanOrEqual(1000);
    expect(remain).toBeGreaterThanOrEqual(0);
  });

  test("an affordable request still has every alias rewritten to the largest", async () => {
    const t = await limited(1_000_000);
    const body = { model: "cap-openai", max_tokens: 1, max_completion_tokens: 400, messages: hi };
    expect((await relay(t.key, "/v1/chat/completions", body)).status).toBe(200);
    expect(t.received()[0]!.body).toMatchObject({ max_tokens: 400, max_completion_tokens: 400 });
  });

  test("Gemini native candidateCount: reserved for every candidate", async () => {
    const t = await limited(1000);
    const r = await fetch(`${gw.url}/v1beta/models/cap-gem:generateContent?key=${t.key}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        generationConfig: { candidateCount: 8, maxOutputTokens: 500 },
      }),
    });
    expect(r.status).toBe(200);
    const g = t.received()[0]!.body.generationConfig as Json;
    expect(g.candidateCount).toBe(8);
    expect(Number(g.maxOutputTokens) * 8).toBeLessThanOrEqual(1000);
    const { logs, remain } = await ledgerOf(t.id);
    expect(logs[0]!.quota).toBeLessThanOrEqual(1000);
    expect(remain).toBeGreaterThanOrEqual(0);
  });
});

describe("debt: what is spent beyond the balance is owed", () => {
  test("an upstream that writes past the cap: charged in full, the token goes negative and is refused", async () => {
    const t = await limited(1000);
    const r = await relay(t.key, "/v1/chat/completions", { model: "overrun-x", max_tokens: 10, messages: hi });
    expect(r.status).toBe(200);
    const { logs, remain, used } = await ledgerOf(t.id);
    expect(logs.map((l) => l.quota)).toEqual([5001]);
    expect(used).toBe(5001);
    expect(remain).toBe(1000 - 5001);
    expect(JSON.parse(logs[0]!.other).admin_info.quota_saturation).toBeUndefined();
    const again = await relay(t.key, "/v1/chat/completions", { model: "cap-openai", max_tokens: 1, messages: hi });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(t.received()).toHaveLength(1);
  });
});

describe("N9: the prompt side and server tools", () => {
  test("a token-id prompt is priced by its length: 5,000 ids on 1,000 quota are refused before the upstream", async () => {
    const t = await limited(1000);
    const ids = Array.from({ length: 5000 }, (_, i) => i % 50_000);
    const r = await relay(t.key, "/v1/completions", { model: "cap-openai", prompt: [ids], max_tokens: 1 });
    expect(r.status).toBe(403);
    expect(t.received()).toHaveLength(0);
  });

  test("Anthropic web searches are billed per call ($10 per 1,000) and noted in the log", async () => {
    const t = await gw.createToken();
    const r = await relay(t.key, "/v1/chat/completions", { model: "search-claude", max_tokens: 5, messages: hi });
    expect(r.status).toBe(200);
    const { logs } = await ledgerOf(t.id);
    // 1 prompt + 5 output tokens at ratio 1, plus 2 × $0.01 × 500,000 quota per $.
    expect(logs[0]!.quota).toBe(6 + 10_000);
    expect(JSON.parse(logs[0]!.other)).toMatchObject({ web_search: true, web_search_call_count: 2 });
  });

  test("only allowed anthropic-beta values reach the channel", async () => {
    const t = await gw.createToken();
    const from = seen.length;
    const r = await fetch(`${gw.url}/v1/messages`, {
      method: "POST",
      headers: {
        "x-api-key": t.key,
        "anthropic-version": "2023-06-01",
        "anthropic-beta": "context-1m-2025-08-07,interleaved-thinking-2025-05-14,code-execution-2025-08-25",
        "content-type": "application/json",
      },
      body: JSON.stringify({ model: "cap-claude", max_tokens: 5, messages: hi }),
    });
    expect(r.status).toBe(200);
    expect(seen[from]!.headers["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
  });
});
