// Shared setup of the Gemini relay tests (gemini-content.test.ts, gemini-billing-admin.test.ts): a
// loopback Gemini upstream (mock-gemini.ts) behind a type-24 channel, an OpenAI upstream
// (mock-upstream.ts) behind a type-1 channel, the real gateway with the ratios the billing test checks,
// and the SDK clients the tests use. setUpGeminiGateway() registers the beforeAll/afterAll of the file
// that calls it; the answer's fields are read inside tests, once the gateway is up.
import { GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import { Agent, setGlobalDispatcher } from "undici";
import { startGateway, type Gateway } from "./gateway";
import { startMockGemini, type MockGemini } from "./mock-gemini";
import { startMockUpstream, type MockUpstream } from "../../test-support/upstream/mock-upstream";

export const CHANNEL_KEY = "AIza-channel-secret";
export const RATIO = { model: 2, completion: 4, cache: 0.25 };

export type GeminiGateway = {
  readonly gw: Gateway;
  readonly gm: MockGemini;
  readonly up: MockUpstream;
  /** The type-24 channel serving gemini-2.5-flash and text-embedding-004. */
  readonly geminiChannel: number;
  /** @google/genai on the gateway. */
  genai: (key: string) => GoogleGenAI;
  /** The OpenAI SDK on the gateway. */
  openai: (key: string) => OpenAI;
  /** The last request the Gemini mock received. */
  lastGemini: () => MockGemini["requests"][number];
};

export function setUpGeminiGateway(): GeminiGateway {
  let gw: Gateway;
  let gm: MockGemini;
  let up: MockUpstream;
  let geminiChannel = 0;

  beforeAll(async () => {
    // @google/genai dispatches through undici's global dispatcher, which jest's sandbox does not set up.
    setGlobalDispatcher(new Agent());
    gm = await startMockGemini();
    up = await startMockUpstream();
    gw = await startGateway();
    const set = (key: string, value: unknown) => gw.api("PUT", "/api/option/", { key, value: JSON.stringify(value) });
    await set("ModelRatio", {
      "gemini-2.5-flash": RATIO.model,
      "gpt-mock": 1,
      "text-embedding-004": 0.1,
      "emb-openai": 0.1,
      "gemini-2.5-flash-thinking": 1,
      "gem-broken": 1,
    });
    await set("CompletionRatio", { "gemini-2.5-flash": RATIO.completion, "gpt-mock": 1 });
    await set("CacheRatio", { "gemini-2.5-flash": RATIO.cache });
    geminiChannel = await gw.createChannel({
      type: 24,
      name: "gemini",
      key: CHANNEL_KEY,
      base_url: gm.url,
      models: "gemini-2.5-flash,text-embedding-004",
    });
    await gw.createChannel({ type: 1, name: "openai", key: "sk-up", base_url: up.url, models: "gpt-mock,emb-openai" });
  }, 180_000);

  afterAll(async () => {
    await gw?.stop();
    await gm?.close();
    await up?.close();
  });

  return {
    get gw() {
      return gw;
    },
    get gm() {
      return gm;
    },
    get up() {
      return up;
    },
    get geminiChannel() {
      return geminiChannel;
    },
    genai: (key) => new GoogleGenAI({ apiKey: key, httpOptions: { baseUrl: gw.url } }),
    openai: (key) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 }),
    lastGemini: () => gm.requests[gm.requests.length - 1]!,
  };
}
