import "server-only";

// Who accepts connections with WORKERS > 1. The primary serves requests itself, beside its workers:
// it listens on PORT like a single process, and shares that listening socket with each worker once
// the worker is ready (the socket itself, passed over the IPC pipe). Every process then accepts on it,
// and the kernel gives each new connection to one of them. A connection stays with the process that
// serves it (keep-alive included), so a process that already holds its share of connections passes a
// new one on, unread, to the one that holds the fewest (connection-share.ts says why and how many).
//
// Not node:cluster's round-robin: there the primary accepts every connection and passes each one to a
// worker, waiting for the worker's acknowledgement before the next. A primary that also serves is
// slow to get to those acknowledgements under load, and a burst of connections queued behind them
// (1,000 streams opened at once: the last waited ~8 s for its first byte). Here only the connections
// beyond a process's share travel, and only while the spread is uneven.
import type { Worker } from "node:cluster";
import type http from "node:http";
import type net from "node:net";
import { isDraining } from "@/server/health";
import { courier, type Channel, type Courier } from "@/server/workers/connection-courier";
import { capForWorkers, placeConnection } from "@/server/workers/connection-share";

/** The message that carries the listening socket to a worker, and the one a worker says it is ready with. */
const LISTENING_SOCKET = "gw:listen";
export const WORKER_READY = "gw:ready";
/** Primary -> worker: the message that carries a connection passed to it. */
const PASSED = "gw:conn";
/**
 * Worker -> primary: how many connections it holds, and how many of those the primary passed to it so
 * far (the primary counts what is still on its way); `passed` when it carries a connection the worker
 * passes on (the count then is that of the moment it left). Primary -> worker: how many it may hold.
 */
type CountMessage = { gwConns: number; given: number; passed?: true };
type CapMessage = { gwCap: number };
/** At most one count or cap per this many ms: without keep-alive the counts change on every request. */
const REPORT_MS = 2;

type Counted = { open: () => number; serve: (socket: net.Socket) => void };

/**
 * Takes over `server`'s new connections: each is offered to `passOn` first (true once it has passed it
 * on) and otherwise served here. `changed` hears about every change of the count of open connections.
 */
function countConnections(server: http.Server, passOn: (s: net.Socket) => boolean, changed: () => void): Counted {
  const [httpConnection] = server.listeners("connection") as ((s: net.Socket) => void)[];
  server.removeAllListeners("connection");
  // New sockets start paused: one passed on must not have been read from here (those bytes would be lost).
  (server as unknown as { pauseOnConnect: boolean }).pauseOnConnect = true;
  let open = 0;
  const serve = (socket: net.Socket) => {
    open++;
    socket.once("close", () => {
      open--;
      changed();
    });
    httpConnection!.call(server, socket);
    socket.resume();
    changed();
  };
  // While draining every process refuses new requests anyway; passing a connection on would not help.
  server.on("connection", (socket: net.Socket) => {
    if (isDraining() || !passOn(socket)) serve(socket);
  });
  return { open: () => open, serve };
}

/**
 * A socket that came over the pipe starts reading at once (Node gives no pauseOnCreate there); before it
 * may be passed on again it must stop, as pauseOnConnect does for accepted ones: what it read would be
 * lost. Nothing has been read yet in the turn that received it.
 */
function unread(socket: net.Socket): void {
  const handle = (socket as net.Socket & { _handle?: { reading: boolean; readStop: () => number } })._handle;
  if (!handle?.reading) return;
  handle.reading = false;
  handle.readStop();
}

/** A coalescing timer: `run` at most once per REPORT_MS, after the first call of the period. */
function every(run: () => void): () => void {
  let timer: NodeJS.Timeout | null = null;
  return () => {
    timer ??= setTimeout(() => {
      timer = null;
      run();
    }, REPORT_MS).unref();
  };
}

export type PrimaryConnections = {
  /** This process listens on `server` now. */
  listening: (server: http.Server) => void;
  /** `w` is ready: it accepts on the listening socket (now, or once this process listens). */
  add: (w: Worker) => void;
  /** `w` is gone or stopping: nothing more is passed to it. */
  remove: (w: Worker) => void;
  /** A message from `w`: true if it was about connections (its count, or one it passed on). */
  message: (w: Worker, msg: unknown, socket: unknown) => boolean;
};

/** The primary's side: shares its socket, knows every process's count, places what is passed on. */
export function primaryConnections(): PrimaryConnections {
  let server: http.Server | null = null;
  let counted: Counted | null = null;
  const ready = new Set<Worker>();
  /** What each worker that accepts holds (its last report, plus what was passed to it since). */
  const counts = new Map<Worker, number>();
  /** Connections passed to each worker in all. */
  const given = new Map<Worker, number>();
  const capSent = new Map<Worker, number>();
  const sendCaps = every(() => {
    if (!counted) return;
    const cap = capForWorkers(counted.open(), counts.values());
    for (const w of counts.keys())
      if (capSent.get(w) !== cap && w.isConnected()) {
        capSent.set(w, cap);
        w.send({ gwCap: cap } satisfies CapMessage);
      }
  });
  const couriers = new Map<Worker, Courier>();
  const count = (w: Worker, by: number) => {
    if (!counts.has(w)) return;
    counts.set(w, counts.get(w)! + by);
    given.set(w, given.get(w)! + by);
  };
  const place = (socket: net.Socket): boolean => {
    const to = placeConnection(counted!.open(), counts);
    const notPassed = () => {
      count(to!, -1);
      counted!.serve(socket);
    };
    if (!to || !couriers.get(to)!(server!, socket, notPassed)) return false;
    count(to, 1);
    sendCaps();
    return true;
  };
  const share = (w: Worker) => {
    counts.set(w, 0);
    given.set(w, 0);
    couriers.set(
      w,
      courier(w.process as unknown as Channel, () => PASSED),
    );
    w.send(LISTENING_SOCKET, server!);
    sendCaps();
  };
  return {
    listening(s) {
      server = s;
      counted = countConnections(s, place, sendCaps);
      for (const w of ready) if (w.isConnected()) share(w);
    },
    add(w) {
      ready.add(w);
      if (server) share(w);
    },
    remove(w) {
      ready.delete(w);
      counts.delete(w);
      given.delete(w);
      couriers.delete(w);
      capSent.delete(w);
      sendCaps();
    },
    message(w, msg, socket) {
      const report = msg as Partial<CountMessage> | null;
      if (typeof report?.gwConns !== "number") return false;
      // The report may have left before connections passed to it arrived: those still count.
      if (counts.has(w)) counts.set(w, report.gwConns + given.get(w)! - (report.given ?? 0));
      // The worker held its share: place it again (it may go back; a worker keeps what it is given).
      if (report.passed && socket && counted) {
        unread(socket as net.Socket);
        if (!place(socket as net.Socket)) counted.serve(socket as net.Socket);
      }
      sendCaps();
      return true;
    },
  };
}

/** A worker: tells the primary it is ready, and accepts on its socket once it arrives. */
export function acceptOnPrimarySocket(server: http.Server): void {
  let cap = Infinity;
  let given = 0;
  const count = (): CountMessage => ({ gwConns: counted.open(), given });
  const report = every(() => {
    if (process.connected) process.send!(count());
  });
  const toPrimary = courier(process as unknown as Channel, () => ({ ...count(), passed: true }));
  const counted = countConnections(
    server,
    (socket) => counted.open() >= cap && toPrimary(server, socket, () => counted.serve(socket)),
    report,
  );
  process.on("message", (msg: unknown, socket?: net.Server | net.Socket) => {
    // A server given to listen() lends its socket (Node takes its handle): no new bind, no cluster query.
    if (msg === LISTENING_SOCKET && socket) server.listen(socket);
    else if (msg === PASSED && socket) {
      given++;
      counted.serve(socket as net.Socket);
    } else if (typeof (msg as Partial<CapMessage> | null)?.gwCap === "number") cap = (msg as CapMessage).gwCap;
  });
  process.send!(WORKER_READY);
}
