import "server-only";

// Passing accepted connections to another process over the IPC pipe (connections.ts), one at a time.
// Node writes a socket only once the other process has acknowledged the one before, and holds every
// later message of the channel until then (the worker's settlements included); a process busy with a
// burst acknowledges late. So a connection to pass waits in line here, at most WAIT_MS, and is then
// served where it landed: with every pass queued at Node's, 1,000 streams opened at once waited up to
// 8-15 s for their first token; with one pass at a time and no waiting, a burst of 50 connections on
// an idle gateway still ended 5/45 when the kernel gave it all to one process.
import type http from "node:http";
import type net from "node:net";

/** Longest a connection waits for its turn to be passed before it is served where it landed. */
const WAIT_MS = 100;
/** Connections waiting for their turn, at most; beyond, they are served where they landed. */
const MAX_WAITING = 512;

export type Channel = {
  connected: boolean;
  send: (msg: unknown, socket: net.Socket, opts: object, cb: () => void) => void;
};
/** Passes `socket` through this channel; `otherwise` runs instead if it cannot be passed in time. */
export type Courier = (server: http.Server, socket: net.Socket, otherwise: () => void) => boolean;

/** `message()` is what carries each socket, made when it is written (a count in it is current then). */
export function courier(to: Channel, message: () => unknown): Courier {
  /** Passes handed to Node and not yet written (waiting for the acknowledgement of the one before). */
  let unwritten = 0;
  const line: { server: http.Server; socket: net.Socket; until: number; otherwise: () => void }[] = [];
  let timer: NodeJS.Timeout | null = null;

  const send = (server: http.Server, socket: net.Socket) => {
    unwritten++;
    // Node's handle passing would leave the socket counted by this server and make its close() wait
    // for the other process to close it (node:cluster's bookkeeping): it is that process's now.
    const s = socket as net.Socket & { server: unknown; _server: unknown };
    if (s.server === server) (server as unknown as { _connections: number })._connections--;
    s.server = s._server = null;
    // Should the pipe break in between, the connection is closed: the client sees a reset and retries.
    to.send(message(), socket, { keepOpen: false }, () => {
      unwritten--;
      next();
    });
  };
  const next = () => {
    while (unwritten === 0 && line.length) {
      const w = line.shift()!;
      if (to.connected) send(w.server, w.socket);
      else w.otherwise();
    }
  };
  const expire = () => {
    timer = null;
    const now = Date.now();
    while (line.length && line[0]!.until <= now) line.shift()!.otherwise();
    if (line.length) timer = setTimeout(expire, line[0]!.until - now).unref();
  };

  return (server, socket, otherwise) => {
    if (!to.connected || line.length >= MAX_WAITING) return false;
    if (unwritten === 0) send(server, socket);
    else {
      line.push({ server, socket, until: Date.now() + WAIT_MS, otherwise });
      timer ??= setTimeout(expire, WAIT_MS).unref();
    }
    return true;
  };
}
