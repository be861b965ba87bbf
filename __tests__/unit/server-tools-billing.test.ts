// Review N9: server-side web searches are billed per call at the vendor's price, as new-api does
// (Anthropic $10 per 1,000; OpenAI Responses $10 for o3/o4/gpt-5, $25 for the others).
import { quotaForUsage, type ModelPricing } from "@/lib/server/ledger/pricing";
import { usageFromClaude } from "@/lib/server/relay/vendors/anthropic/response";
import { claudeNativeStream } from "@/lib/server/relay/vendors/anthropic/native-tap";

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
