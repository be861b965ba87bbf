// Review N9: server-side web searches are billed per call at the vendor's price, as new-api does
// (Anthropic $10 per 1,000; OpenAI Responses $10 for o3/o4/gpt-5, $25 for the others).
import { quotaForUsage, type ModelPricing } from "@/lib/server/ledger/pricing";
import { usageFromClaude } from "@/relay/vendors/anthropic/response";
import { claudeNativeStream } from "@/relay/vendors/anthropic/stream-native";
import { geminiFormat } from "@/relay/vendors/gemini/format";
import { nativeStream } from "@/relay/vendors/gemini/response-to-openai";

const ratio: ModelPricing = {
  mode: "ratio",
  modelRatio: 1,
  completionRatio: 1,
  cacheRatio: 1,
  groupRatio: 2,
  unset: false,
};

test("Claude usage carries its web searches, and each costs $0.01 × group ratio", () => {
  const u = usageFromClaude({ input_tokens: 10, output_tokens: 5, server_tool_use: { web_search_requests: 3 } });
  expect(u?.webSearch).toEqual({ calls: 3, usdPerThousand: 10 });
  // 15 tokens × 2 + 3 searches × $0.01 × 500,000 quota per $ × 2.
  expect(quotaForUsage(ratio, u!, 500_000)).toBe(30 + 30_000);
  expect(usageFromClaude({ input_tokens: 10, output_tokens: 5 })?.webSearch).toBeUndefined();
});

test("a native Claude stream keeps the web-search count of its final message_delta", () => {
  const tap = claudeNativeStream();
  tap.push({
    event: "message_start",
    data: JSON.stringify({ type: "message_start", message: { usage: { input_tokens: 9, output_tokens: 1 } } }),
  });
  tap.push({
    event: "message_delta",
    data: JSON.stringify({
      type: "message_delta",
      usage: { output_tokens: 40, server_tool_use: { web_search_requests: 2 } },
    }),
  });
  expect(tap.usage()?.webSearch).toEqual({ calls: 2, usdPerThousand: 10 });
});

test("Gemini grounding is billed as Google bills it: per grounded prompt, per query on Gemini 3", () => {
  const answer = (model: string, queries: string[]) => ({
    modelVersion: model,
    candidates: [{ content: { parts: [{ text: "x" }] }, groundingMetadata: { webSearchQueries: queries } }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  });
  expect(geminiFormat.usageOf(answer("gemini-2.5-flash", ["a", "b"]))?.webSearch).toEqual({
    calls: 1,
    usdPerThousand: 35,
  });
  expect(geminiFormat.usageOf(answer("gemini-3-pro-preview", ["a", "b", "c"]))?.webSearch).toEqual({
    calls: 3,
    usdPerThousand: 14,
  });
  expect(geminiFormat.usageOf(answer("gemini-2.5-flash", []))?.webSearch).toBeUndefined();
  // A native stream: the queries come in one chunk, the usage in the last.
  const tap = nativeStream();
  tap.push({ data: JSON.stringify({ ...answer("gemini-3-pro", ["q"]), usageMetadata: undefined }) });
  tap.push({
    data: JSON.stringify({ candidates: [], usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 9 } }),
  });
  expect(tap.usage()?.webSearch).toEqual({ calls: 1, usdPerThousand: 14 });
});
