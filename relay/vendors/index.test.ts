// The one vendor catalogue (lib/channel-types.ts, the index of relay/vendors/<v>/entry.ts) drives the
// registry (this folder's index.ts: adapters, dialects, balance and model-list code) and the form
// hints: each test pins one reader to the table.
import { CHANNEL_TYPES, channelTypeInfo, vendorPath } from "@/lib/channel-types";
import { isRegionValid, multiKeyAllowed } from "@/lib/channel-rules";
import { adapterFor, BALANCE_TYPES, balanceFetchFor, formatFor, modelListingFor } from "@/relay/vendors";
import { TASK_CHANNEL_TYPES } from "@/relay/tasks/charge";
import type { AdapterContext } from "@/relay/kernel/adapter";
import type { CachedChannel } from "@/lib/server/cache/channel-cache";

function ctx(type: number, baseUrl = ""): AdapterContext {
  const channel = { id: 1, type, baseUrl, organization: "", other: "", createdTime: 0 } as unknown as CachedChannel;
  return { channel, key: "sk-x", mode: "chat", path: "/v1/chat/completions", upstreamModel: "m", stream: false };
}

test("every OpenAI-transport entry is relayed by an adapter built from the entry alone", () => {
  const openaiStyle = CHANNEL_TYPES.filter((v) => v.transport === "openai");
  expect(openaiStyle.length).toBeGreaterThan(10);
  for (const v of openaiStyle) {
    const adapter = adapterFor(v.id)!;
    expect([v.id, adapter.name, adapter.defaultBaseUrl, adapter.format ?? "openai"]).toEqual([
      v.id,
      v.name,
      v.defaultBaseUrl,
      "openai",
    ]);
    if (!v.defaultBaseUrl) continue;
    const url = adapter.buildRequest(ctx(v.id), { model: "m" }).url;
    expect([v.id, url]).toEqual([v.id, `${v.defaultBaseUrl}${vendorPath(v, "/v1/chat/completions")}`]);
  }
});

test("vendor specifics come from the entry: excluded params, dialect, task types have no adapter", () => {
  const sent = JSON.parse(String(adapterFor(43)!.buildRequest(ctx(43), { model: "m", logit_bias: {} }).body));
  expect(sent).toEqual({ model: "m" });
  for (const v of CHANNEL_TYPES) {
    const adapter = adapterFor(v.id);
    if (!v.transport || v.transport === "midjourney" || v.transport === "suno")
      expect([v.id, adapter]).toEqual([v.id, null]);
    else expect([v.id, adapter?.format ?? "openai"]).toEqual([v.id, v.format ?? "openai"]);
  }
  expect(formatFor(channelTypeInfo(14)!.format!).name).toBe("claude");
  expect(formatFor(channelTypeInfo(24)!.format!).name).toBe("gemini");
  // Dialect quirks live on the dialect (upstream/attempt.ts asks, never checks a vendor name).
  expect([formatFor("gemini").nativePings, typeof formatFor("gemini").preparePivot]).toEqual([false, "function"]);
  expect([formatFor("claude").nativePings, formatFor("openai").preparePivot]).toEqual([undefined, undefined]);
});

test("task platforms: their channel types come from the catalogue", () => {
  expect(TASK_CHANNEL_TYPES).toEqual({ midjourney: [2, 5], suno: [36], video: [1, 3, 24, 41, 50, 51, 52, 54, 55] });
});

test("balance support and default base URL are the catalogue's", () => {
  expect([...BALANCE_TYPES].sort((a, b) => a - b)).toEqual([1, 20, 25, 40, 43]);
  expect(balanceFetchFor(43)?.defaultBaseUrl).toBe("https://api.deepseek.com");
  expect(balanceFetchFor(3)).toBeNull();
  expect(balanceFetchFor(9999)).toBeNull();
});

test("models listing: OpenAI-style for relayed OpenAI vendors, own listings for Anthropic, Gemini, Cohere, Ollama", () => {
  // Volcengine Ark (45) documents no OpenAI-style listing under its compatible path.
  const noListing = new Set([45]);
  const own = new Set(["anthropic", "gemini", "cohere", "ollama"]);
  // DashScope's own transport only adds its native rerank; it lists models in compatible mode.
  const openaiStyle = new Set(["openai", "dashscope"]);
  for (const v of CHANNEL_TYPES) {
    const expected =
      openaiStyle.has(v.transport ?? "") && !noListing.has(v.id)
        ? "openai"
        : own.has(v.transport ?? "")
          ? v.transport
          : null;
    expect([v.id, v.modelsApi ?? null]).toEqual([v.id, expected]);
    expect([v.id, typeof modelListingFor(v.id)?.url]).toEqual([v.id, expected ? "function" : "undefined"]);
  }
});

test("form hints: the other field, single-key types, full-URL types", () => {
  expect(channelTypeInfo(41)?.form?.other).toBe("region");
  expect(multiKeyAllowed(41)).toBe(false);
  expect(isRegionValid(41, "{bad")).toBe(false);
  expect(isRegionValid(3, "{bad")).toBe(true);
  expect(channelTypeInfo(3)?.form?.other).toBe("api_version");
  expect(channelTypeInfo(8)?.form?.fullUrl).toBe(true);
  expect(channelTypeInfo(1)?.form?.organization).toBe(true);
  expect(CHANNEL_TYPES.filter((v) => v.form?.organization).map((v) => v.id)).toEqual([1]);
});
