import "server-only";

// The one place that decides what a streamed answer is billed at. An upstream's usage is final only
// once its dialect's terminal event arrived (Claude message_delta / message_stop, OpenAI's usage or
// finish chunk or [DONE], Responses response.completed, Gemini's finishReason chunk; the native
// dialects rewritten into OpenAI chunks report usage only at their end event). Before it, a Claude
// stream has reported message_start's 1 output token: a client that drops the connection near the
// end would pay the prompt plus 1 (review 3, N1). So a stream cut short, by the client or the
// upstream, is billed at least for the text counted so far, and marked estimated.
import type { Usage } from "@/lib/server/ledger/pricing";
import { checkedUsage } from "@/relay/kernel/usage-check";

export type StreamCounts = {
  /** Our count of the prompt (used when the upstream reported none). */
  prompt: () => Promise<number>;
  /** Our count of the generated text received so far. */
  completion: () => Promise<number>;
};

export async function streamUsage(
  requestId: string,
  reported: Usage | null,
  final: boolean,
  count: StreamCounts,
): Promise<{ usage: Usage; estimated: boolean }> {
  const u = checkedUsage(reported, requestId);
  if (u && final && (u.promptTokens || u.completionTokens)) return { usage: u, estimated: false };
  const counted = await count.completion();
  if (!u || (!u.promptTokens && !u.completionTokens))
    return {
      usage: { promptTokens: await count.prompt(), completionTokens: counted, cachedTokens: 0 },
      estimated: true,
    };
  return {
    usage: {
      ...u,
      promptTokens: u.promptTokens || (await count.prompt()),
      completionTokens: Math.max(u.completionTokens, counted),
    },
    estimated: true,
  };
}
