// Streaming relay for format-converted and non-OpenAI native streams (Claude events, Gemini
// chunks). Every upstream SSE event goes through a pipe that returns the frames to write at once;
// nothing is buffered beyond the event being parsed. Same guarantees as stream.ts: inactivity
// timeout, optional keep-alive pings, client disconnect aborts upstream and bills what was sent.
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import { createParser } from "eventsource-parser";
import type { Usage } from "@/lib/server/relay/billing/pricing";
import type { RelayContext, StreamStatus } from "@/lib/server/relay/context";
import type { SseEvent } from "@/lib/server/relay/formats/types";
import { baseHeaders } from "@/lib/server/relay/http-io";
import type { StreamResult } from "@/lib/server/relay/stream";
import { exactTextTokens } from "@/lib/server/relay/tokenize";
import type { UpstreamResponse } from "@/lib/server/relay/upstream";

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
  abort: AbortController,
  pipe: EventPipe,
  opts: { inactivityMs: number; pingSeconds: number; promptTokens: () => Promise<number> },
): Promise<StreamResult> {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    ...baseHeaders(ctx.requestId),
  });
  res.flushHeaders();

  let firstResponseMs = 0;
  let endReason: StreamStatus["end_reason"] = "eof";
  let clientGone = false;
  let sawDone = false;
  const out: string[] = [];
  const onClose = () => {
    if (!res.writableFinished) {
      clientGone = true;
      abort.abort(new Error("client_gone"));
    }
  };
  res.on("close", onClose);
  let timer: NodeJS.Timeout | null = null;
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      endReason = "timeout";
      abort.abort(new Error("timeout"));
    }, opts.inactivityMs);
  };
  const ping =
    opts.pingSeconds > 0 ? setInterval(() => !clientGone && res.write(": PING\n\n"), opts.pingSeconds * 1000) : null;

  const parser = createParser({
    onEvent: (e) => {
      if (e.data === "[DONE]") sawDone = true;
      const frames = pipe.push({ event: e.event, data: e.data });
      if (frames.length && !firstResponseMs && pipe.text()) firstResponseMs = Date.now() - ctx.startedAt;
      for (const f of frames) out.push(f);
    },
  });
  const decoder = new TextDecoder();
  arm();
  try {
    for await (const chunk of upstream.body) {
      arm();
      parser.feed(decoder.decode(chunk as Buffer, { stream: true }));
      if (out.length) {
        const writable = res.write(out.join(""));
        out.length = 0;
        if (!writable && !clientGone) await once(res, "drain");
      }
      if (sawDone) break;
    }
    parser.feed("\n\n");
    endReason = sawDone ? "done" : "eof";
  } catch {
    if (clientGone) endReason = "client_gone";
    else if ((endReason as StreamStatus["end_reason"]) !== "timeout") endReason = "upstream_error";
  } finally {
    if (timer) clearTimeout(timer);
    if (ping) clearInterval(ping);
    res.off("close", onClose);
    if (!upstream.body.destroyed) upstream.body.destroy();
  }

  const reported = pipe.usage();
  const estimated = !reported || (!reported.promptTokens && !reported.completionTokens);
  const usage: Usage = estimated
    ? {
        promptTokens: await opts.promptTokens(),
        completionTokens: await exactTextTokens(pipe.text()),
        cachedTokens: 0,
      }
    : reported!;
  if (!clientGone) {
    const tail = out.join("") + pipe.end(usage).join("");
    res.end(tail);
  }
  const status: StreamStatus = {
    status: endReason === "done" || endReason === "eof" ? "ok" : "error",
    end_reason: endReason,
  };
  return { usage, estimated, firstResponseMs: firstResponseMs || Date.now() - ctx.startedAt, status };
}
