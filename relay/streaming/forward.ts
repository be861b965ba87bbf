import "server-only";

// The forwarding half of streaming: upstream events written as received (Responses API, audio
// transcription streams) with a tap for text and usage, and raw bytes piped as they arrive (speech).
// Both run on the client-stream core of sse-response.ts.
import type { ServerResponse } from "node:http";
import { env } from "@/lib/env";
import type { AttemptInput } from "@/relay/kernel/endpoint";
import { baseHeaders } from "@/relay/kernel/http-io";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Outcome } from "@/relay/kernel/outcome";
import { relayEvents, type EventPipe } from "@/relay/streaming/event-stream";
import { openClientStream, pump, streamOutcome } from "@/relay/streaming/sse-response";
import { pingSeconds } from "@/relay/upstream/attempt";
import { headerOf, type UpstreamResponse, type Aborter } from "@/relay/upstream/send";

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
export async function relayForwarded(
  a: AttemptInput,
  up: UpstreamResponse,
  abort: Aborter,
  tap: EventTap,
  promptTokens: () => Promise<number>,
): Promise<Outcome> {
  const r = await relayEvents(a.ctx, up, a.res, abort, forwardingPipe(tap), {
    inactivityMs: env().STREAMING_TIMEOUT * 1000,
    pingSeconds: pingSeconds(a.options),
    promptTokens,
  });
  return { channel: a.actx.channel, upstreamModel: a.actx.upstreamModel, ...streamOutcome(r) };
}
