import "server-only";

// Streaming relay for format-converted and non-OpenAI native streams (Claude events, Gemini
// chunks). Every upstream SSE event goes through a pipe that returns the frames to write at once;
// nothing is buffered beyond the event being parsed. Same core as openai-stream.ts (sse-response.ts):
// inactivity timeout, optional keep-alive pings, client disconnect aborts upstream, bills what was sent.
import type { ServerResponse } from "node:http";
import { createParser } from "eventsource-parser";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { RelayContext } from "@/lib/server/relay/entry/context";
import type { SseEvent } from "@/lib/server/relay/vendors/format-types";
import { pump, startSse, takeFrames, type StreamResult } from "@/lib/server/relay/streaming/sse-response";
import { exactTextTokens } from "@/lib/server/relay/settle/tokenize";
import type { UpstreamResponse, Aborter } from "@/lib/server/relay/upstream/send";

export type EventPipe = {
  /** Frames to write for one upstream event. */
  push(event: SseEvent): string[];
  /** Closing frames, given the final usage. */
  end(usage: Usage): string[];
  /** Usage reported by the upstream so far (null: none). */
  usage(): Usage | null;
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

  const parser = createParser({
    onEvent: (e) => {
      if (e.data === "[DONE]") sawDone = true;
      const frames = pipe.push({ event: e.event, data: e.data });
      if (frames.length && !firstResponseMs && pipe.text()) firstResponseMs = Date.now() - ctx.startedAt;
      for (const f of frames) out.push(f);
    },
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

  const reported = pipe.usage();
  const estimated = !reported || (!reported.promptTokens && !reported.completionTokens);
  const usage: Usage = estimated
    ? {
        promptTokens: await opts.promptTokens(),
        completionTokens: await exactTextTokens(pipe.text()),
        cachedTokens: 0,
      }
    : reported!;
  if (!sse.clientGone) res.end(pipe.end(usage).join(""));
  return { usage, estimated, firstResponseMs: firstResponseMs || Date.now() - ctx.startedAt, status: sse.status() };
}
