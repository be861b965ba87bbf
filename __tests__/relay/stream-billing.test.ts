// Streams cut short are billed for what was sent (review 3, N1): on every dialect, a stream whose
// client (or upstream) leaves before the terminal event is billed at least the tokens of the text
// counted so far, never the prompt plus message_start's single output token, and marked estimated.
// And upstream usage counts that are not counts (N6: a string, a negative, a float, an absurd
// number, an object; JSON and stream) are billed by our own count while the balance stays a finite
// number that still refuses what it cannot pay, and the bookkeeping flush keeps writing.
import { startGateway, type Gateway } from "./gateway";
import { onlyConsumeLog } from "./billing-support";
import { DELTAS, REPORTED_PROMPT, startMockCut, type MockCut } from "./mock-cut-streams";

let gw: Gateway;
let up: MockCut;

beforeAll(async () => {
  up = await startMockCut();
  gw = await startGateway();
  const opt = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
  const models = ["claude-cut", "claude-cut-drop", "gemini-cut", "gpt-cut", "resp-cut", "bad-usage"];
  await opt("ModelRatio", Object.fromEntries(models.map((m) => [m, 1])));
  await opt("CompletionRatio", Object.fromEntries(models.map((m) => [m, 1])));
  await gw.createChannel({
    name: "claude",
    type: 14,
    key: "a",
    base_url: up.url,
    models: "claude-cut,claude-cut-drop",
  });
  await gw.createChannel({ name: "gemini", type: 24, key: "g", base_url: up.url, models: "gemini-cut" });
  await gw.createChannel({ name: "openai", type: 1, key: "o", base_url: up.url, models: "gpt-cut,resp-cut,bad-usage" });
}, 180_000);

afterAll(async () => {
  // The mock first: it ends any answer it still holds open, so the gateway has nothing in flight.
  await up?.close();
  await gw?.stop();
});

type Call = { path: string; headers: Record<string, string>; body: Record<string, unknown> };

const claudeCall = (key: string, model: string): Call => ({
  path: "/v1/messages",
  headers: { "x-api-key": key, "anthropic-version": "2023-06-01" },
  body: { model, max_tokens: 4000, stream: true, messages: [{ role: "user", content: "count" }] },
});
const openaiCall = (key: string, model: string): Call => ({
  path: "/v1/chat/completions",
  headers: { authorization: `Bearer ${key}` },
  body: { model, max_tokens: 4000, stream: true, messages: [{ role: "user", content: "count" }] },
});

/** Reads the stream until the last delta the upstream sent (" END") arrived, then hangs up. */
async function readAllSentThenLeave(call: Call): Promise<string> {
  const controller = new AbortController();
  const res = await fetch(gw.url + call.path, {
    method: "POST",
    headers: { "content-type": "application/json", ...call.headers },
    body: JSON.stringify(call.body),
    signal: controller.signal,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let received = "";
  try {
    expect(res.status).toBe(200);
    while (!received.includes("END")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel();
    controller.abort();
  }
  return received;
}

type Billed = { quota: number; promptTokens: number; completionTokens: number; estimated: boolean; end: string };

async function billedFor(tokenId: number): Promise<Billed> {
  // Counting a cut-short stream may load the tokenizer first: a longer wait for the log.
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length === 1,
    15_000,
  );
  const log = await onlyConsumeLog(gw, tokenId);
  const [row] = await gw.sql<{ other: string }>("select other from logs where tokenId = ? and type = 2", tokenId);
  const other = JSON.parse(row!.other) as { usage_estimated: boolean; stream_status?: { end_reason: string } };
  return {
    quota: Number(log.quota),
    promptTokens: Number(log.promptTokens),
    completionTokens: Number(log.completionTokens),
    estimated: other.usage_estimated,
    end: other.stream_status?.end_reason ?? "",
  };
}

// Each delta (" w17", " END") is at least one token: the text sent is at least DELTAS tokens.
describe("a stream cut short before its terminal event is billed for the text sent", () => {
  const cases: [string, (key: string) => Call, { prompt?: number }][] = [
    ["Claude client, Claude channel", (k) => claudeCall(k, "claude-cut"), { prompt: REPORTED_PROMPT }],
    ["OpenAI client, Claude channel (converted)", (k) => openaiCall(k, "claude-cut"), { prompt: REPORTED_PROMPT }],
    [
      "Gemini client, Gemini channel",
      (k) => ({
        path: "/v1beta/models/gemini-cut:streamGenerateContent?alt=sse",
        headers: { "x-goog-api-key": k },
        body: { contents: [{ role: "user", parts: [{ text: "count" }] }] },
      }),
      { prompt: REPORTED_PROMPT },
    ],
    ["OpenAI client, Gemini channel (converted)", (k) => openaiCall(k, "gemini-cut"), { prompt: REPORTED_PROMPT }],
    ["OpenAI client, OpenAI channel with an early usage", (k) => openaiCall(k, "gpt-cut"), { prompt: REPORTED_PROMPT }],
    [
      "Responses client, OpenAI channel",
      (k) => ({
        path: "/v1/responses",
        headers: { authorization: `Bearer ${k}` },
        body: { model: "resp-cut", stream: true, input: "count" },
      }),
      {},
    ],
  ];

  test.each(cases)("%s", async (_name, call, expected) => {
    const t = await gw.createToken();
    const received = await readAllSentThenLeave(call(t.key));
    expect(received).toContain("w150");
    const billed = await billedFor(t.id);
    expect(billed.end).toBe("client_gone");
    expect(billed.estimated).toBe(true);
    expect(billed.completionTokens).toBeGreaterThanOrEqual(DELTAS);
    if (expected.prompt) expect(billed.promptTokens).toBe(expected.prompt);
    expect(billed.quota).toBeGreaterThanOrEqual(billed.promptTokens + DELTAS);
  });

  test("an upstream that ends the connection before message_delta: billed for the text too", async () => {
    const t = await gw.createToken();
    const res = await fetch(gw.url + "/v1/messages", {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": t.key, "anthropic-version": "2023-06-01" },
      body: JSON.stringify(claudeCall(t.key, "claude-cut-drop").body),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("END");
    const billed = await billedFor(t.id);
    expect(billed.end).not.toBe("client_gone");
    expect(billed.estimated).toBe(true);
    expect(billed.completionTokens).toBeGreaterThanOrEqual(DELTAS);
    expect(billed.quota).toBeGreaterThanOrEqual(REPORTED_PROMPT + DELTAS);
  });
});

describe("an upstream usage that is not a count is billed by our own count", () => {
  test("JSON and stream answers; the balance stays finite, refuses what it cannot pay, and is written", async () => {
    const start = 3000;
    const user = await gw.createUser("badusage", start);
    const ask = (variant: string, stream: boolean) =>
      fetch(gw.url + "/v1/chat/completions", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${user.key}` },
        body: JSON.stringify({
          model: "bad-usage",
          stream,
          max_tokens: 20,
          messages: [{ role: "user", content: variant }],
        }),
      });
    const variants = ["ten", "neg", "huge", "float", "object"];
    for (const variant of variants)
      for (const stream of [false, true]) {
        const res = await ask(variant, stream);
        expect(res.status).toBe(200);
        const text = await res.text();
        // A JSON client reads our count in place of the upstream's
        if (!stream)
          expect((JSON.parse(text) as { usage: { prompt_tokens: unknown } }).usage.prompt_tokens).toEqual(
            expect.any(Number),
          );
      }
    await gw.waitFor(
      async () =>
        (await gw.sql("select 1 from logs where userId = ? and type = 2", user.id)).length === variants.length * 2,
      15_000,
    );
    await gw.settle();
    const logs = await gw.sql<{ quota: number; promptTokens: number; completionTokens: number; other: string }>(
      "select quota, promptTokens, completionTokens, other from logs where userId = ? and type = 2",
      user.id,
    );
    for (const log of logs) {
      expect(JSON.parse(log.other).usage_estimated).toBe(true);
      expect(Number.isInteger(Number(log.promptTokens))).toBe(true);
      expect(Number(log.promptTokens)).toBeGreaterThan(0);
      expect(Number(log.promptTokens)).toBeLessThan(100);
      expect(Number(log.completionTokens)).toBeGreaterThan(0);
    }
    const spent = logs.reduce((sum, l) => sum + Number(l.quota), 0);
    expect(spent).toBeGreaterThan(0);
    // The flush kept working: the balance in the database is the start minus every charge.
    const [row] = await gw.sql<{ quota: number }>("select quota from users where id = ?", user.id);
    expect(Number(row!.quota)).toBe(start - spent);

    // A finite balance still refuses a call whose prompt alone is more than it holds.
    const big = await fetch(gw.url + "/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.key}` },
      body: JSON.stringify({
        model: "bad-usage",
        max_tokens: 20,
        messages: [{ role: "user", content: "hello ".repeat(start + 500) }],
      }),
    });
    expect(big.status).toBe(403);
    await big.text();
  });
});
