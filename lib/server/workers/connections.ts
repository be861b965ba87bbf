import "server-only";

// Who accepts connections with WORKERS > 1. The primary serves requests itself, beside its workers,
// so it cannot leave accepting to node:cluster (whose primary only passes connections on): it listens
// on PORT and hands each new connection, in turn, to itself or to one of the workers that said they
// are ready, before reading a byte of it (pauseOnConnect). Workers never listen; they serve what they
// are handed. Passing a socket's descriptor over the IPC pipe is what node:cluster does per
// connection too. A connection stays with the process it was handed to (keep-alive included).
import type { Worker } from "node:cluster";
import type http from "node:http";
import net from "node:net";

/** The message that carries a socket to a worker, and the one a worker says it is ready with. */
const HANDOFF = "gw:conn";
export const WORKER_READY = "gw:ready";

/**
 * Makes `server`, which never listens, serve the sockets it is given. http.Server sets up its
 * connection tracking (headers and request timeouts, closeIdleConnections for the drain) when it
 * starts listening, so that is triggered here.
 */
function serveHandedSockets(server: http.Server): (socket: net.Socket) => void {
  server.emit("listening");
  return (socket) => {
    // What http.Server does to the sockets it accepts itself (its noDelay default): no Nagle delay
    // on small writes such as SSE chunks.
    socket.setNoDelay(true);
    server.emit("connection", socket);
    socket.resume();
  };
}

/**
 * The primary's listener: not yet listening (the caller listens and handles its errors). Each new
 * connection goes to the next of this process and `workers()` (the ready ones) in turn.
 */
export function listenerForAll(server: http.Server, workers: () => Worker[]): net.Server {
  const here = serveHandedSockets(server);
  let turn = 0;
  return net.createServer({ pauseOnConnect: true }, (socket) => {
    const ready = workers();
    const pick = turn++ % (ready.length + 1);
    if (turn > 1e9) turn = 0;
    const w = ready[pick];
    if (!w) return here(socket);
    // A worker that died in between: the socket was not passed, so it is served here.
    w.send(HANDOFF, socket, { keepOpen: false }, (err) => {
      if (err && !socket.destroyed) here(socket);
    });
  });
}

/** A worker: serves the connections the primary hands it, from now on, and tells it so. */
export function serveConnectionsFromPrimary(server: http.Server): void {
  const here = serveHandedSockets(server);
  process.on("message", (msg: unknown, socket?: net.Socket) => {
    if (msg === HANDOFF && socket) here(socket);
  });
  process.send!(WORKER_READY);
}
