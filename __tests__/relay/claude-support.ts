// Shared setup of the Claude relay tests (claude-messages.test.ts, claude-billing-admin.test.ts): a
// loopback Anthropic upstream (mock-anthropic.ts), a plain and a tool-calling OpenAI upstream, the real
// gateway with type-14 and OpenAI channels and the ratios the billing test checks, one unlimited token,
// and the SDK clients the tests use. setUpClaudeGateway() registers the beforeAll/afterAll of the file that
// calls it; the answer's fields are read inside tests, once the gateway is up.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockAnthropic, type MockAnthropic } from "./mock-anthropic";
import { startMockUpstream, type MockUpstream } from "../../test-support/upstream/mock-upstream";
import { startMockOpenAITools, type MockOpenAITools } from "./mock-openai-tools";

export const CHANNEL_KEY = "sk-ant-channel-secret";
export const RATIOS = { model: 2, completion: 3, cache: 0.1, group: 1.5 };

export const weatherTool = {
  name: "get_weather",
  description: "Weather of a city",
  input_schema: { type: "object" as const, properties: { city: { type: "string" } }, required: ["city"] },
};

export type ClaudeGateway = {
  readonly gw: Gateway;
  readonly anth: MockAnthropic;
  readonly oai: MockUpstream;
  readonly tools: MockOpenAITools;
  /** The type-14 channel serving claude-native and claude-bill. */
  readonly anthChannel: number;
  /** An unlimited token of the default group. */
  readonly token: { id: number; key: string };
  /** The Anthropic SDK on the gateway (the shared token unless told otherwise). */
  claude: (key?: string) => Anthropic;
  /** The OpenAI SDK on the gateway with the shared token. */
  openai: () => OpenAI;
  /** A raw streamed /v1/messages call with x-api-key and no anthropic-version: the event names on the wire. */
  rawEvents: (model: string) => Promise<string[]>;
};

export function setUpClaudeGateway(): ClaudeGateway {
  let gw: Gateway;
  let anth: MockAnthropic;
  let oai: MockUpstream;
  let tools: MockOpenAITools;
  let anthChannel: number;
  let token: { id: number; key: string };

  beforeAll(async () => {
    [anth, oai, tools] = await Promise.all([startMockAnthropic(), startMockUpstream(), startMockOpenAITools()]);
    gw = await startGateway();
    const opt = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
    await opt("ModelRatio", {
      "claude-native": 1,
      "claude-bill": RATIOS.model,
      "gpt-conv": 1,
      "gpt-tools": 1,
      "claude-fail": 1,
    });
    await opt("CompletionRatio", { "claude-bill": RATIOS.completion });
    await opt("CacheRatio", { "claude-bill": RATIOS.cache });
    await opt("GroupRatio", { default: RATIOS.group, vip: 1, svip: 1 });
    anthChannel = await gw.createChannel({
      name: "anthropic",
      type: 14,
      key: CHANNEL_KEY,
      base_url: anth.url,
      models: "claude-native,claude-bill",
    });
    await gw.createChannel({
      name: "anthropic-failing",
      type: 14,
      key: CHANNEL_KEY,
      base_url: anth.url,
      models: "claude-fail",
      model_mapping: JSON.stringify({ "claude-fail": "fail-429" }),
    });
    await gw.createChannel({ name: "openai", type: 1, key: "sk-oai", base_url: oai.url, models: "gpt-conv" });
    await gw.createChannel({ name: "openai-tools", type: 1, key: "sk-oai", base_url: tools.url, models: "gpt-tools" });
    token = await gw.createToken();
  }, 180_000);

  afterAll(async () => {
    await gw?.stop();
    await Promise.all([anth?.close(), oai?.close(), tools?.close()]);
  });

  const claude = (key = token.key) => new Anthropic({ apiKey: key, baseURL: gw.url, maxRetries: 0 });
  const openai = () => new OpenAI({ apiKey: token.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });

  async function rawEvents(model: string): Promise<string[]> {
    const r = await fetch(`${gw.url}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": token.key, "content-type": "application/json" },
      body: JSON.stringify({ model, max_tokens: 20, stream: true, messages: [{ role: "user", content: "hi" }] }),
    });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/event-stream");
    const names: string[] = [];
    for (const frame of (await r.text()).split("\n\n")) {
      const m = /^event: (\S+)\ndata: (.+)$/s.exec(frame.trim());
      if (!m) continue;
      expect((JSON.parse(m[2]!) as { type: string }).type).toBe(m[1]);
      names.push(m[1]!);
    }
    return names;
  }

  return {
    get gw() {
      return gw;
    },
    get anth() {
      return anth;
    },
    get oai() {
      return oai;
    },
    get tools() {
      return tools;
    },
    get anthChannel() {
      return anthChannel;
    },
    get token() {
      return token;
    },
    claude,
    openai,
    rawEvents,
  };
}
