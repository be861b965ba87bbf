// The life of one streamed answer, shared by stream.ts (OpenAI bytes) and event-stream.ts (any other
// event stream): SSE headers, the inactivity timer (re-armed on every upstream chunk), optional
// keep-alive pings, client disconnect -> upstream abort, backpressure-aware writes, end reason.
import type { ServerResponse } from "node:http";
import { once } from "node:events";
import type { RelayContext, StreamStatus } from "@/lib/server/relay/entry/context";
import { baseHeaders } from "@/lib/server/relay/entry/http-io";
import { firstByteRecorder } from "@/lib/server/metrics/record";
import type { UpstreamResponse } from "@/lib/server/relay/upstream/send";

export type SseResponse = {
  readonly clientGone: boolean;
  endReason: StreamStatus["end_reason"];
  /** Restarts the inactivity timer (call on every upstream chunk). */
  arm(): void;
  /** Writes to the client; waits for the socket to drain when its buffer is full. */
  write(text: string): Promise<void>;
  /** Records why the upstream read failed (client gone, our timeout, or the upstream). */
  failed(): void;
  /** Stops timers and listeners and releases the upstream body. */
  close(upstream: UpstreamResponse): void;
  status(): StreamStatus;
};

export function startSse(
  ctx: Pick<RelayContext, "requestId" | "path" | "startedAt">,
  res: ServerResponse,
  abort: AbortController,
  opts: { inactivityMs: number; pingSeconds: number },
): SseResponse {
  res.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    ...baseHeaders(ctx.requestId),
  });
  res.flushHeaders();

  const firstByte = firstByteRecorder(ctx.path, ctx.startedAt);
  let clientGone = false;
  let timer: NodeJS.Timeout | null = null;
  const onClose = () => {
    if (!res.writableFinished) {
      clientGone = true;
      abort.abort(new Error("client_gone"));
    }
  };
  res.on("close", onClose);
  const ping =
    opts.pingSeconds > 0 ? setInterval(() => !clientGone && res.write(": PING\n\n"), opts.pingSeconds * 1000) : null;

  const sse: SseResponse = {
    get clientGone() {
      return clientGone;
    },
    endReason: "eof",
    arm() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        sse.endReason = "timeout";
        abort.abort(new Error("timeout"));
      }, opts.inactivityMs);
    },
    async write(text) {
      if (!text || clientGone) return;
      firstByte();
      // A client that leaves while we wait never drains: its close ends the wait too.
      if (!res.write(text)) await Promise.race([once(res, "drain"), once(res, "close")]);
    },
    failed() {
      if (clientGone) sse.endReason = "client_gone";
      else if (sse.endReason !== "timeout") sse.endReason = "upstream_error";
    },
    close(upstream) {
      if (timer) clearTimeout(timer);
      if (ping) clearInterval(ping);
      res.off("close", onClose);
      if (!upstream.body.destroyed) upstream.body.destroy();
    },
    status() {
      const ok = sse.endReason === "done" || sse.endReason === "eof";
      return { status: ok ? "ok" : "error", end_reason: sse.endReason };
    },
  };
  return sse;
}
