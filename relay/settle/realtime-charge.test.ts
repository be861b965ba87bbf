// new-api's calculateAudioQuota, and the usage read from a response.done event (hostile counts dropped).
import { realtimeQuota, realtimeUsage } from "@/relay/settle/realtime-charge";

const ratio = {
  mode: "ratio",
  modelRatio: 2,
  completionRatio: 4,
  cacheRatio: 1,
  groupRatio: 1.5,
  unset: false,
} as const;

test("text and audio tokens each at their ratio, then × model ratio × group ratio", () => {
  const u = { textIn: 60, textOut: 20, audioIn: 40, audioOut: 30, cached: 0 };
  // (60 + 20×4 + 40×8 + 30×8×2) × 2 × 1.5
  expect(realtimeQuota(ratio, u, 500_000, 8, 2)).toBe(940 * 3);
  expect(realtimeQuota({ mode: "price", price: 0.01, groupRatio: 2 }, u, 500_000, 8, 2)).toBe(10_000);
  expect(realtimeQuota(ratio, { textIn: 0, textOut: 0, audioIn: 0, audioOut: 0, cached: 0 }, 500_000, 1, 1)).toBe(1);
});

test("usage from response.done: audio split out of the totals; bad counts are 0, never more than the total", () => {
  const usage = (u: unknown) => realtimeUsage({ type: "response.done", response: { usage: u } });
  expect(
    usage({
      input_tokens: 100,
      output_tokens: 50,
      input_token_details: { audio_tokens: 40, cached_tokens: 5 },
      output_token_details: { audio_tokens: 30 },
    }),
  ).toEqual({ textIn: 60, textOut: 20, audioIn: 40, audioOut: 30, cached: 5 });
  expect(usage({ input_tokens: -5, output_tokens: "9", input_token_details: { audio_tokens: 1e12 } })).toEqual({
    textIn: 0,
    textOut: 0,
    audioIn: 0,
    audioOut: 0,
    cached: 0,
  });
  expect(usage({ input_tokens: 10, input_token_details: { audio_tokens: 99 } })).toMatchObject({
    textIn: 0,
    audioIn: 10,
  });
  expect(realtimeUsage({ type: "response.done", response: {} })).toBeNull();
  expect(realtimeUsage(null)).toBeNull();
});
