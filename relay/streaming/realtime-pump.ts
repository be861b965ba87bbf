import "server-only";

// The two halves of a realtime session wired together: every frame is passed on as it is (text or
// binary), with backpressure both ways (a side that does not read pauses the other side's reading
// once 1 MB waits to be sent to it, so memory stays bounded), an idle timer (no frame either way for
// STREAMING_TIMEOUT seconds closes both), and the usage tap: a text frame from the upstream that
// mentions "response.done" is parsed and charged, in order. When the quota runs out the client gets
// an `error` event and both sides are closed. Whatever ends the session, the other side is closed
// and the outstanding hold is given back exactly once.
import type WebSocket from "ws";
import type { RealtimeBiller, RealtimeUsage } from "@/relay/settle/realtime-charge";
import { realtimeUsage } from "@/relay/settle/realtime-charge";

const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;
const RESPONSE_DONE = Buffer.from('"response.done"');

/** A close code a peer may send on (1005/1006/1015 are reserved for reporting, never sent). */
const sendableCode = (code: number) =>
  (code >= 1000 && code <= 1014 && ![1004, 1005, 1006].includes(code)) || (code >= 3000 && code <= 4999);

/** The `error` event a client gets when its quota ran out, in OpenAI's realtime shape. */
export function quotaExhaustedEvent(requestId: string): string {
  return JSON.stringify({
    type: "error",
    event_id: `event_${requestId}`,
    error: {
      type: "insufficient_quota",
      code: "insufficient_quota",
      message: `Your quota is exhausted: the realtime session is closed (request id: ${requestId})`,
      param: null,
      event_id: null,
    },
  });
}

type Side = { ws: WebSocket; pending: number; paused: boolean };

export function pumpRealtime(
  client: WebSocket,
  upstream: WebSocket,
  opts: { biller: RealtimeBiller; idleMs: number; requestId: string; onEnd?: () => void },
): void {
  const c: Side = { ws: client, pending: 0, paused: false };
  const u: Side = { ws: upstream, pending: 0, paused: false };
  let ended = false;
  let charging: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | null = null;

  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    if (idle) clearTimeout(idle);
    for (const s of [c, u]) {
      if (s.ws.readyState === s.ws.OPEN) s.ws.close(sendableCode(code) ? code : 1000, reason.slice(0, 120));
      else if (s.ws.readyState === s.ws.CONNECTING) s.ws.terminate();
    }
    // Charges already under way finish first; the hold left after them goes back.
    void charging.then(() => opts.biller.finish()).finally(() => opts.onEnd?.());
  };
  const touch = () => {
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => end(1000, "idle timeout"), opts.idleMs);
    idle.unref?.();
  };

  /** Sends to `to`, pausing `from`'s reading while too much waits to be sent to `to`. */
  const forward = (from: Side, to: Side, data: WebSocket.RawData, isBinary: boolean) => {
    if (ended || to.ws.readyState !== to.ws.OPEN) return;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : (data as Buffer).length;
    to.pending += size;
    to.ws.send(data, { binary: isBinary }, () => {
      to.pending -= size;
      if (from.paused && to.pending < LOW_WATER) {
        from.paused = false;
        from.ws.resume();
      }
    });
    if (!from.paused && to.pending > HIGH_WATER) {
      from.paused = true;
      from.ws.pause();
    }
  };

  const charge = (usage: RealtimeUsage) => {
    charging = charging.then(async () => {
      if (await opts.biller.charge(usage)) return;
      if (client.readyState === client.OPEN) client.send(quotaExhaustedEvent(opts.requestId));
      end(1008, "quota exhausted");
    });
  };

  client.on("message", (data, isBinary) => {
    touch();
    forward(c, u, data, isBinary);
  });
  upstream.on("message", (data, isBinary) => {
    touch();
    forward(u, c, data, isBinary);
    if (isBinary || !Buffer.isBuffer(data) || data.indexOf(RESPONSE_DONE) < 0) return;
    let event: unknown;
    try {
      event = JSON.parse(data.toString("utf8"));
    } catch {
      return;
    }
    if ((event as { type?: unknown } | null)?.type !== "response.done") return;
    const usage = realtimeUsage(event);
    if (usage) charge(usage);
  });
  client.on("close", (code, reason) => end(code, reason.toString()));
  upstream.on("close", (code, reason) => end(code, reason.toString()));
  client.on("error", () => end(1011, "client error"));
  upstream.on("error", () => end(1011, "upstream error"));
  // The upstream was paused when it opened (realtime-connect.ts): its first events flow from here.
  upstream.resume();
  touch();
}
