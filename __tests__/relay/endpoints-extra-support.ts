// Shared setup of the extra-endpoint relay tests (endpoints-extra-responses-images.test.ts,
// endpoints-extra-audio-rerank.test.ts): a loopback OpenAI upstream (mock-openai-extra.ts) behind a
// plain, a model-mapping and an Azure channel, the real gateway with the ratios and prices the billing
// checks use, and the client helpers. setUpExtraGateway() registers the beforeAll/afterAll of the file
// that calls it; the answer's fields are read inside tests, once the gateway is up.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockExtra, type MockExtra } from "./mock-openai-extra";

export const QPU = 500000;
export const GROUP = 1.5;
export const START = 10_000_000;

export type ExtraGateway = {
  readonly gw: Gateway;
  readonly up: MockExtra;
  /** The OpenAI SDK on the gateway. */
  client: (key: string) => OpenAI;
  /** A limited token holding START quota. */
  newToken: () => Promise<{ id: number; key: string }>;
  /** The one consume log of a token, after the bookkeeping flush; also checks the balance dropped by it. */
  billed: (tokenId: number) => Promise<{ quota: number; other: Record<string, unknown> }>;
};

export function setUpExtraGateway(): ExtraGateway {
  let gw: Gateway;
  let up: MockExtra;

  const option = (key: string, value: unknown) =>
    gw.api("PUT", "/api/option/", { key, value: typeof value === "string" ? value : JSON.stringify(value) });

  beforeAll(async () => {
    up = await startMockExtra();
    gw = await startGateway();
    await option("GroupRatio", { default: GROUP, vip: 1, svip: 1 });
    await option("ModelRatio", {
      "resp-model": 2,
      "azure-resp": 2,
      "slow-resp": 2,
      "usage-img": 1,
      "tts-1": 1,
      "gated-tts": 1,
      "compact-model-openai-compact": 1,
      "usage-whisper": 1,
      "rerank-1": 1,
      "nousage-rerank": 1,
    });
    await option("CompletionRatio", {
      "resp-model": 4,
      "azure-resp": 4,
      "slow-resp": 4,
      "usage-img": 2,
      "usage-whisper": 1,
    });
    await option("CacheRatio", { "resp-model": 0.5, "azure-resp": 0.5 });
    await option("ModelPrice", { "dall-e-3": 0.04, "gpt-image-1": 0.02, "edit-mapped": 0.03, "whisper-1": 0.006 });
    await gw.createChannel({
      name: "extra",
      key: "sk-up",
      base_url: up.url,
      models:
        "resp-model,slow-resp,gated-tts,compact-model-openai-compact,dall-e-3,gpt-image-1,usage-img,tts-1,whisper-1,usage-whisper,rerank-1,nousage-rerank",
    });
    await gw.createChannel({
      name: "mapped",
      key: "sk-up",
      base_url: up.url,
      models: "edit-mapped",
      model_mapping: JSON.stringify({ "edit-mapped": "gpt-image-1" }),
    });
    await gw.createChannel({ name: "azure", type: 3, key: "az-key", base_url: up.url, models: "azure-resp" });
  }, 180_000);

  afterAll(async () => {
    await gw?.stop();
    await up?.close();
  });

  async function billed(tokenId: number): Promise<{ quota: number; other: Record<string, unknown> }> {
    await gw.waitFor(
      async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", tokenId)).length > 0,
    );
    await gw.settle();
    const logs = await gw.sql<{ quota: number; other: string }>(
      "select quota, other from logs where tokenId = ? and type = 2",
      tokenId,
    );
    expect(logs).toHaveLength(1);
    const [tok] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", tokenId);
    expect(tok!.remainQuota).toBe(START - logs[0]!.quota);
    return { quota: logs[0]!.quota, other: JSON.parse(logs[0]!.other) as Record<string, unknown> };
  }

  return {
    get gw() {
      return gw;
    },
    get up() {
      return up;
    },
    client: (key) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 }),
    newToken: () => gw.createToken({ unlimited_quota: false, remain_quota: START }),
    billed,
  };
}
