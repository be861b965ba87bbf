// Claude-shaped answers other than the message flows: authentication and request errors on
// /v1/messages, an Anthropic upstream error as seen by Claude and OpenAI clients, exact billing with
// cache tokens (streamed and not), and the model list, channel test, fetch models and balance of a
// type-14 channel. Setup in claude-support.ts; the message flows are in claude-messages.test.ts.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { CHANNEL_KEY, RATIOS, setUpClaudeGateway } from "./claude-support";
import { MOCK_USAGE } from "./mock-anthropic";
import { onlyConsumeLog } from "./billing-support";

const env = setUpClaudeGateway();
const { claude, openai } = env;

describe("Claude-shaped errors", () => {
  test("bad key -> 401 authentication_error", async () => {
    const err = await claude("sk-not-a-token")
      .messages.create({ model: "claude-native", max_tokens: 5, messages: [{ role: "user", content: "x" }] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((err as InstanceType<typeof Anthropic.APIError>).status).toBe(401);
    expect((err as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
      type: "error",
      error: { type: "authentication_error" },
    });
  });

  test("a missing max_tokens is filled from claude.default_max_tokens (8192) on the way to the channel", async () => {
    const r = await fetch(`${env.gw.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": env.token.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
      body: JSON.stringify({ model: "claude-native", messages: [{ role: "user", content: "hi" }] }),
    });
    expect(r.status).toBe(200);
    expect(env.anth.requests.at(-1)!.body.max_tokens).toBe(8192);
  });

  test("a zero max_tokens, a message without a role and a non-JSON body -> 400 invalid_request_error", async () => {
    for (const body of [
      JSON.stringify({ model: "claude-native", max_tokens: 0, messages: [{ role: "user", content: "x" }] }),
      JSON.stringify({ model: "claude-native", max_tokens: 5, messages: [{ content: "x" }] }),
      "{not json",
    ]) {
      const r = await fetch(`${env.gw.url}/v1/messages`, {
        method: "POST",
        headers: { "x-api-key": env.token.key, "anthropic-version": "2023-06-01", "content-type": "application/json" },
        body,
      });
      expect(r.status).toBe(400);
      const json = (await r.json()) as { type: string; error: { type: string; message: string } };
      expect(json.type).toBe("error");
      expect(json.error.type).toBe("invalid_request_error");
    }
  });
});

test("an Anthropic upstream error reaches a Claude client Claude-shaped and an OpenAI client OpenAI-shaped", async () => {
  const err = await claude()
    .messages.create({ model: "claude-fail", max_tokens: 5, messages: [{ role: "user", content: "x" }] })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Anthropic.RateLimitError);
  const body = (err as InstanceType<typeof Anthropic.APIError>).error as {
    type: string;
    error: { type: string; message: string };
  };
  expect(body.type).toBe("error");
  expect(body.error.type).toBe("rate_limit_error");
  expect(body.error.message).toContain("mock failure 429");
  expect(JSON.stringify(body)).not.toContain(CHANNEL_KEY);
  const oaErr = await openai()
    .chat.completions.create({ model: "claude-fail", messages: [{ role: "user", content: "x" }] })
    .catch((e: unknown) => e);
  expect(oaErr).toBeInstanceOf(OpenAI.RateLimitError);
  expect((oaErr as InstanceType<typeof OpenAI.APIError>).message).toContain("mock failure 429");
});

describe("billing with Claude cache tokens", () => {
  const expected = Math.round(
    (MOCK_USAGE.input_tokens +
      MOCK_USAGE.cache_read_input_tokens * RATIOS.cache +
      MOCK_USAGE.cache_creation_input_tokens * 1.25 +
      MOCK_USAGE.output_tokens * RATIOS.completion) *
      RATIOS.model *
      RATIOS.group,
  );
  test.each([false, true])("quota is exact and the token balance drops by it (stream %s)", async (streamed) => {
    const t = await env.gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    const params = { model: "claude-bill", max_tokens: 32, messages: [{ role: "user" as const, content: "bill me" }] };
    const c = claude(t.key);
    if (streamed) await c.messages.stream(params).finalMessage();
    else await c.messages.create(params);
    const log = await onlyConsumeLog(env.gw, t.id);
    expect(log.quota).toBe(expected);
    expect(log.completionTokens).toBe(MOCK_USAGE.output_tokens);
    const [row] = await env.gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    expect(row).toEqual({ remainQuota: 100_000 - expected, usedQuota: expected });
  });
});

describe("type-14 channel administration", () => {
  test("GET /v1/models with anthropic-version answers Anthropic's list shape", async () => {
    const list = await claude().models.list();
    const ids = list.data.map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["claude-native", "claude-bill", "gpt-conv"]));
    expect(list.data[0]).toMatchObject({ type: "model", display_name: list.data[0]!.id });
    const raw = (await (
      await fetch(`${env.gw.url}/v1/models`, { headers: { authorization: `Bearer ${env.token.key}` } })
    ).json()) as {
      object: string;
    };
    expect(raw.object).toBe("list");
  });

  test("channel test speaks Anthropic Messages to the mock", async () => {
    const before = env.anth.requests.length;
    const r = (await (await env.gw.raw("GET", `/api/channel/test/${env.anthChannel}?model=claude-native`)).json()) as {
      success: boolean;
      message: string;
    };
    expect(r.success).toBe(true);
    const sent = env.anth.requests.slice(before).at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(sent.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(sent.body).toMatchObject({
      model: "claude-native",
      max_tokens: 16,
      messages: [{ role: "user", content: "hi" }],
    });
  });

  test("fetch models lists the upstream's /v1/models with x-api-key; balance is not supported", async () => {
    const r = await env.gw.api<string[]>("POST", "/api/channel/fetch_models", {
      base_url: env.anth.url,
      type: 14,
      key: CHANNEL_KEY,
    });
    expect(r.json).toMatchObject({ success: true, data: ["claude-mock-a", "claude-mock-b"] });
    const got = env.anth.requests.at(-1)!;
    expect(got.method).toBe("GET");
    expect(got.headers["x-api-key"]).toBe(CHANNEL_KEY);
    expect(got.headers["anthropic-version"]).toBe("2023-06-01");
    const saved = await env.gw.api<string[]>("GET", `/api/channel/fetch_models/${env.anthChannel}`);
    expect(saved.json.data).toEqual(["claude-mock-a", "claude-mock-b"]);
    const balance = await env.gw.api("GET", `/api/channel/update_balance/${env.anthChannel}`);
    expect(balance.json.success).toBe(false);
    expect(balance.json.message).toContain("14");
    expect(JSON.stringify(balance.json)).not.toContain(CHANNEL_KEY);
  });
});
