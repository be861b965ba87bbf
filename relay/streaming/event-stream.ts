import "server-only";

// Streaming relay for format-converted and non-OpenAI native streams (Claude events, Gemini
// chunks). Every upstream SSE event goes through a pipe that returns the frames to write at once;
// nothing is buffered beyond the event being parsed. Same core as openai-stream.ts (sse-response.ts):
// inactivity timeout, optional keep-alive pings, client disconnect aborts upstream, bills what was sent
// (streamUsage in sse-response.ts). An event longer than the cap ends the stream as an upstream error (bounded.ts).
import type { ServerResponse } from "node:http";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { RelayContext } from "@/relay/kernel/context";
import type { SseEvent } from "@/relay/kernel/format";
import { pump, startSse, streamUsage, takeFrames, type StreamResult } from "@/relay/streaming/sse-response";
import { exactTextTokens } from "@/relay/kernel/tokenize";
import { boundedSseParser } from "@/relay/kernel/bounded-lines";
import type { UpstreamResponse, Aborter } from "@/relay/kernel/upstream-body";

export type EventPipe = {
  /** Frames to write for one upstream event. */
  push(event: SseEvent): string[];
  /** Closing frames, given the final usage. */
  end(usage: Usage): string[];
  /** Usage reported by the upstream so far (null: none). */
  usage(): Usage | null;
  /** Whether the dialect's terminal event arrived (before it, the reported usage is partial). */
  final(): boolean;
  /** Generated text so far, for local counting when the upstream reports no usage. */
  text(): string;
};

export async function relayEvents(
  ctx: RelayContext,
  upstream: UpstreamResponse,
  res: ServerResponse,
  abort: Aborter,
  pipe: EventPipe,
  opts: { inactivityMs: number; pingSeconds: number; promptTokens: () => Promise<number> },
): Promise<StreamResult> {
  const sse = startSse(ctx, res, abort, opts);
  let firstResponseMs = 0;
  let sawDone = false;
  const out: string[] = [];

  const parser = boundedSseParser((e) => {
    if (e.data === "[DONE]") sawDone = true;
    const frames = pipe.push({ event: e.event, data: e.data });
    if (frames.length && !firstResponseMs && pipe.text()) firstResponseMs = Date.now() - ctx.startedAt;
    for (const f of frames) out.push(f);
  });
  const decoder = new TextDecoder();
  await pump(
    sse,
    upstream,
    (chunk) => {
      parser.feed(decoder.decode(chunk, { stream: true }));
      return takeFrames(out);
    },
    {
      done: () => sawDone,
      tail: () => {
        parser.feed("\n\n");
        return takeFrames(out);
      },
    },
  );

  const { usage, estimated } = await streamUsage(ctx.requestId, pipe.usage(), pipe.final(), {
    prompt: opts.promptTokens,
    completion: () => exactTextTokens(pipe.text()),
  });
  if (!sse.clientGone) res.end(pipe.end(usage).join(""));
  return { usage, estimated, firstResponseMs: firstResponseMs || Date.now() - ctx.startedAt, status: sse.status() };
}
