import "server-only";

// Who accepts connections with WORKERS > 1. The primary serves requests itself, beside its workers:
// it listens on PORT like a single process, and shares that listening socket with each worker once
// the worker is ready (the socket itself, passed over the IPC pipe). Every process then accepts on it,
// and the kernel gives each new connection to one of them: a busy process reaches accept() later, so
// the less busy ones take more. A connection stays with the process that accepted it (keep-alive
// included).
//
// Not node:cluster's round-robin: there the primary accepts every connection and passes each one to a
// worker, waiting for the worker's acknowledgement before the next. A primary that also serves is
// slow to get to those acknowledgements under load, and a burst of connections queued behind them
// (1,000 streams opened at once: the last waited ~8 s for its first byte).
import type { Worker } from "node:cluster";
import type http from "node:http";
import type net from "node:net";

/** The message that carries the listening socket to a worker, and the one a worker says it is ready with. */
const LISTENING_SOCKET = "gw:listen";
export const WORKER_READY = "gw:ready";

/** The primary: `w` accepts on the primary's listening socket from now on. */
export function shareListeningSocket(server: http.Server, w: Worker): void {
  w.send(LISTENING_SOCKET, server);
}

/** A worker: tells the primary it is ready, and accepts on its socket once it arrives. */
export function acceptOnPrimarySocket(server: http.Server): void {
  process.on("message", (msg: unknown, socket?: net.Server) => {
    // A server given to listen() lends its socket (Node takes its handle): no new bind, no cluster query.
    if (msg === LISTENING_SOCKET && socket) server.listen(socket);
  });
  process.send!(WORKER_READY);
}
