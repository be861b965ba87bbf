import "server-only";

// The streaming half of the attempt (attempt.ts): once the channel answered 200, its stream goes to
// the client through one of the streaming/ relays, always on the client-stream core of
// sse-response.ts (inactivity timer, pings, client gone -> upstream abort, backpressure). The fast
// path's byte-forwarding stream is called by attempt.ts itself (one file less on the hot path); here:
// - events through a pipe (event-stream.ts): converted (channel -> OpenAI chunks -> client frames),
//   native (the channel's own dialect), or forwarded as received with a tap for text and usage
//   (Responses API, audio transcription streams: relayForwarded);
// - raw bytes piped as they arrive (speech: pipeBytes).
import type { ServerResponse } from "node:http";
import { env } from "@/lib/env";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { AttemptInput } from "@/relay/kernel/endpoint";
import type { ChatFormat, ClientFormat, ConvertOptions, Json } from "@/relay/kernel/format";
import { baseHeaders } from "@/relay/kernel/http-io";
import type { Outcome } from "@/relay/kernel/outcome";
import { headerOf, type Aborter, type UpstreamResponse } from "@/relay/kernel/upstream-body";
import { relayEvents, type EventPipe } from "@/relay/streaming/event-stream";
import { openClientStream, pingSeconds, pump, streamOutcome } from "@/relay/streaming/sse-response";
import { chunkText } from "@/relay/vendors/shared/openai-style/format";

/** A stream relayed event by event through `pipe`; `pings: false` for dialects that have no comments. */
export async function streamEvents(
  a: AttemptInput,
  up: UpstreamResponse,
  abort: Aborter,
  pipe: EventPipe,
  promptTokens: () => Promise<number>,
  pings = true,
): Promise<Outcome> {
  const r = await relayEvents(a.ctx, up, a.res, abort, pipe, {
    inactivityMs: env().STREAMING_TIMEOUT * 1000,
    pingSeconds: pings ? pingSeconds(a.options) : 0,
    promptTokens,
  });
  return { channel: a.actx.channel, upstreamModel: a.actx.upstreamModel, ...streamOutcome(r) };
}

/** Converted stream: channel events -> OpenAI chunks -> client frames. */
export function convertingPipe(wire: ChatFormat, client: ClientFormat, o: ConvertOptions, a: AttemptInput): EventPipe {
  const toOpenAI = wire.streamToOpenAI({ ...o, requestId: a.ctx.requestId });
  const fromOpenAI = client.streamFromOpenAI({
    ...o,
    requestId: a.ctx.requestId,
    clientModel: a.ctx.model,
    clientWantsUsage: a.ctx.clientWantsUsage,
  });
  let text = "";
  const forward = (chunks: Json[]) => {
    const frames: string[] = [];
    for (const chunk of chunks) {
      text += chunkText(chunk);
      for (const f of fromOpenAI.push(chunk)) frames.push(f);
    }
    return frames;
  };
  return {
    push: (event) => forward(toOpenAI.push(event)),
    end: (usage) => [...forward(toOpenAI.end()), ...fromOpenAI.end(usage)],
    usage: () => toOpenAI.usage(),
    final: () => toOpenAI.final(),
    text: () => text,
  };
}

/**
 * Streams upstream bytes to the client as they arrive (binary audio): socket backpressure pauses
 * the read, a client that goes away aborts the upstream request. Answers the bytes sent.
 */
export async function pipeBytes(
  up: UpstreamResponse,
  res: ServerResponse,
  abort: Aborter,
  requestId: string,
): Promise<{ bytes: number; clientGone: boolean; firstByteAt: number }> {
  const stream = openClientStream(
    res,
    abort,
    { "content-type": headerOf(up, "content-type") ?? "application/octet-stream", ...baseHeaders(requestId) },
    { inactivityMs: 0, pingSeconds: 0 },
  );
  let bytes = 0;
  let firstByteAt = 0;
  // Upstream error or client gone: pump ends the stream, and what was sent is billed.
  await pump(stream, up, (chunk) => {
    if (!firstByteAt) firstByteAt = Date.now();
    bytes += chunk.length;
    return chunk;
  });
  if (!stream.clientGone) res.end();
  return { bytes, clientGone: stream.clientGone, firstByteAt: firstByteAt || Date.now() };
}

/** What a forwarded event adds: generated text (local counting) and/or the final usage (taps report
 *  usage only from their dialect's terminal event: response.completed, transcript.text.done...). */
export type EventTap = (type: string | undefined, data: string) => { text?: string; usage?: Usage | null } | void;

/**
 * An event pipe that writes every upstream event as received (`event:` line included) and lets
 * `tap` pick text deltas and usage out of it. Only the text is kept, never the events.
 */
export function forwardingPipe(tap: EventTap): EventPipe {
  let usage: Usage | null = null;
  let text = "";
  return {
    push(event) {
      const got = tap(event.event, event.data);
      if (got?.text) text += got.text;
      if (got?.usage) usage = got.usage;
      const data = event.data
        .split("\n")
        .map((l) => `data: ${l}\n`)
        .join("");
      return [`${event.event ? `event: ${event.event}\n` : ""}${data}\n`];
    },
    end: () => [],
    usage: () => usage,
    final: () => usage !== null,
    text: () => text,
  };
}

/** Relays a forwarded event stream and answers the Outcome fields. */
export function relayForwarded(
  a: AttemptInput,
  up: UpstreamResponse,
  abort: Aborter,
  tap: EventTap,
  promptTokens: () => Promise<number>,
): Promise<Outcome> {
  return streamEvents(a, up, abort, forwardingPipe(tap), promptTokens);
}
