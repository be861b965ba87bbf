import "server-only";

// The one client-stream core of the relay: every streamed answer (OpenAI bytes in openai-stream.ts,
// converted or native events in event-stream.ts, forwarded events and raw audio in upstream/attempt-stream.ts)
// goes through openClientStream + pump: headers, the inactivity timer (re-armed on every upstream
// chunk), optional keep-alive pings, client disconnect -> upstream abort, backpressure-aware
// writes, the end reason, and the upstream body always released.
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import type { RelayContext, StreamStatus } from "@/relay/kernel/context";
import { baseHeaders } from "@/relay/kernel/http-io";
import { firstByteRecorder } from "@/lib/server/metrics/record";
import type { UpstreamResponse, Aborter } from "@/relay/kernel/upstream-body";
import type { Usage } from "@/lib/server/ledger/pricing";
import type { ReadonlyOptions } from "@/lib/server/options/store";
import { discardBody } from "@/lib/server/net/discard-body";
import { checkedUsage } from "@/relay/kernel/usage-check";

/** What a streamed answer comes to: usage (reported or counted), first-token time, end. */
export type StreamResult = { usage: Usage; estimated: boolean; firstResponseMs: number; status: StreamStatus };

/** The billing fields of a streamed attempt's Outcome. */
export const streamOutcome = (r: StreamResult) => ({
  usage: r.usage,
  estimated: r.estimated,
  firstResponseMs: r.firstResponseMs,
  streamStatus: r.status,
});

/** Ping interval of streams (general_setting.ping_interval_*), 0 = off. */
export function pingSeconds(options: ReadonlyOptions): number {
  return options.bool("general_setting.ping_interval_enabled")
    ? Math.max(1, options.num("general_setting.ping_interval_seconds") || 60)
    : 0;
}

/** Empties a list of frames gathered from one network chunk into the text to write at once. */
export function takeFrames(out: string[]): string {
  const text = out.join("");
  out.length = 0;
  return text;
}

export type SseResponse = {
  readonly clientGone: boolean;
  endReason: StreamStatus["end_reason"];
  /** Restarts the inactivity timer (call on every upstream chunk). */
  arm(): void;
  /** Writes to the client; waits for the socket to drain when its buffer is full. */
  write(data: string | Buffer): Promise<void>;
  /** Records why the upstream read failed (client gone, our timeout, or the upstream). */
  failed(): void;
  /** Stops timers and listeners and releases the upstream body. */
  close(upstream: UpstreamResponse): void;
  status(): StreamStatus;
};

type StreamOptions = {
  /** 0: no inactivity timeout. */
  inactivityMs: number;
  /** 0: no keep-alive comments (they are SSE-only). */
  pingSeconds: number;
  /** Called before the first byte is written (metrics). */
  onFirstWrite?: () => void;
};

/** Starts a streamed 200 answer with the given headers. */
export function openClientStream(
  res: ServerResponse,
  abort: Aborter,
  headers: Record<string, string>,
  opts: StreamOptions,
): SseResponse {
  res.writeHead(200, headers);
  let clientGone = false;
  let timer: NodeJS.Timeout | null = null;
  const onClose = () => {
    if (!res.writableFinished) {
      clientGone = true;
      abort.abort(new Error("client_gone"));
    }
  };
  res.on("close", onClose);
  const onInactive = () => {
    stream.endReason = "timeout";
    abort.abort(new Error("timeout"));
  };
  const ping =
    opts.pingSeconds > 0 ? setInterval(() => !clientGone && res.write(": PING\n\n"), opts.pingSeconds * 1000) : null;

  const stream: SseResponse = {
    get clientGone() {
      return clientGone;
    },
    endReason: "eof",
    arm() {
      if (opts.inactivityMs <= 0) return;
      // One timer per stream, pushed back on every chunk: refresh() re-arms it in place instead of a
      // clearTimeout + a new Timeout object (and its closure) per chunk.
      if (timer) timer.refresh();
      else timer = setTimeout(onInactive, opts.inactivityMs);
    },
    async write(data) {
      if (clientGone || data.length === 0) return;
      opts.onFirstWrite?.();
      // A client that leaves while we wait never drains: its close ends the wait too.
      if (!res.write(data)) await Promise.race([once(res, "drain"), once(res, "close")]);
    },
    failed() {
      if (clientGone) stream.endReason = "client_gone";
      else if (stream.endReason !== "timeout") stream.endReason = "upstream_error";
    },
    close(upstream) {
      if (timer) clearTimeout(timer);
      if (ping) clearInterval(ping);
      res.off("close", onClose);
      if (!upstream.body.destroyed) discardBody(upstream.body);
    },
    status() {
      const ok = stream.endReason === "done" || stream.endReason === "eof";
      return { status: ok ? "ok" : "error", end_reason: stream.endReason };
    },
  };
  return stream;
}

/**
 * A server-sent-events answer (first byte recorded for the metrics). The headers leave with the
 * first event when the upstream has sent one already (it usually arrives with the upstream's own
 * headers), else at the end of this turn of the event loop, so a client learns the status at once
 * while a slow model thinks: one packet instead of two for the first token, one wake-up less for
 * the client and one write less for us.
 */
export function startSse(
  ctx: Pick<RelayContext, "requestId" | "path" | "startedAt">,
  res: ServerResponse,
  abort: Aborter,
  opts: { inactivityMs: number; pingSeconds: number },
): SseResponse {
  const recordFirstByte = firstByteRecorder(ctx.path, ctx.startedAt);
  let early: NodeJS.Immediate | null = setImmediate(() => {
    early = null;
    if (!res.destroyed && !res.writableEnded) res.flushHeaders();
  });
  return openClientStream(
    res,
    abort,
    {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      connection: "keep-alive",
      "x-accel-buffering": "no",
      ...baseHeaders(ctx.requestId),
    },
    {
      ...opts,
      onFirstWrite: () => {
        if (early) {
          clearImmediate(early);
          early = null;
        }
        recordFirstByte();
      },
    },
  );
}

/**
 * Reads the upstream body into the client: `onChunk` turns each network chunk into what to write,
 * `done` stops the read early (an end marker seen), `tail` gives what is owed once the body ends.
 * Only socket backpressure pauses the read; a failure ends the stream with its reason recorded.
 */
export async function pump(
  stream: SseResponse,
  upstream: UpstreamResponse,
  onChunk: (chunk: Buffer) => string | Buffer,
  opts: { done?: () => boolean; tail?: () => string } = {},
): Promise<void> {
  stream.arm();
  try {
    for await (const chunk of upstream.body) {
      stream.arm();
      await stream.write(onChunk(chunk as Buffer));
      if (opts.done?.()) {
        // Destroyed before leaving the loop: Node's iterator destroys a body it leaves early with an
        // AbortError whose stack it formats (~3 % of a stream's CPU); the upstream answer has usually
        // ended with its end marker, so this only releases it.
        upstream.body.destroy();
        break;
      }
    }
    if (opts.tail) await stream.write(opts.tail());
    if (opts.done?.()) stream.endReason = "done";
  } catch {
    stream.failed();
  } finally {
    stream.close(upstream);
  }
}

// streamUsage is the one place that decides what a streamed answer is billed at. An upstream's usage is final only
// once its dialect's terminal event arrived (Claude message_delta / message_stop, OpenAI's usage or
// finish chunk or [DONE], Responses response.completed, Gemini's finishReason chunk; the native
// dialects rewritten into OpenAI chunks report usage only at their end event). Before it, a Claude
// stream has reported message_start's 1 output token: a client that drops the connection near the
// end would pay the prompt plus 1 (review 3, N1). So a stream cut short, by the client or the
// upstream, is billed at least for the text counted so far, and marked estimated.
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
