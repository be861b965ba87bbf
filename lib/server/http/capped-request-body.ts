import "server-only";

// The body of a console /api request as a web stream that the route handler pulls (backpressure: the
// socket is read only as fast as the handler reads), cut off at the route's byte limit: once more
// than the limit arrived, the stream errors (BodyOverLimit, a 413 for route.ts) and the socket is no
// longer read. A chunked body without Content-Length is so never held whole in memory (review 3, N3).
import type http from "node:http";
import { BodyOverLimit } from "@/lib/server/http/read-capped";

export type CappedBody = {
  stream: ReadableStream<Uint8Array>;
  /** Bytes received so far, and whether they passed the limit. */
  readonly state: { size: number; over: boolean };
};

export function cappedRequestBody(req: http.IncomingMessage, limit: number): CappedBody {
  const state = { size: 0, over: false };
  let finished = false;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Buffer) => {
        if (finished) return;
        state.size += chunk.length;
        if (state.size > limit) {
          finished = true;
          state.over = true;
          req.pause();
          controller.error(new BodyOverLimit());
          return;
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => {
        if (finished) return;
        finished = true;
        controller.close();
      });
      req.on("error", (err) => {
        if (finished) return;
        finished = true;
        controller.error(err);
      });
    },
    pull() {
      if (!finished) req.resume();
    },
    cancel() {
      finished = true;
      req.pause();
    },
  });
  return { stream, state };
}

// Closing a connection whose client is still sending makes the kernel answer with a reset, which
// can destroy the answer before the client reads it: the write side is ended first (the answer, then
// FIN), and what still arrives is read and dropped for a moment before the socket is destroyed.
const LINGER_MS = 2_000;
const LINGER_BYTES = 4 * 1024 * 1024;

function closeAfterAnswer(req: http.IncomingMessage): void {
  const socket = req.socket;
  if (socket.destroyed) return;
  socket.end();
  let dropped = 0;
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}

/**
 * After the answer, what the handler did not read is read and dropped (so the next request of a
 * keep-alive connection can be read), but never more than the limit in all: past it the connection
 * is closed instead.
 */
export function drainRest(req: http.IncomingMessage, body: CappedBody["state"], limit: number): void {
  if (req.complete) return;
  if (body.over) return closeAfterAnswer(req);
  req.removeAllListeners("data");
  req.on("data", (chunk: Buffer) => {
    body.size += chunk.length;
    if (body.size > limit) closeAfterAnswer(req);
  });
  req.resume();
}
