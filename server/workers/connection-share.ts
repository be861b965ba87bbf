import "server-only";

// How many connections each process may hold (WORKERS > 1). Every process accepts on the shared
// listening socket (connections.ts), and the kernel's choice of process is often lopsided: whichever
// process is scheduled when a burst of connections arrives takes most of them (measured on 2 cores,
// wrk's 50 connections: 2/50, 13/39, 18/34 on the two processes), and since keep-alive connections
// stay where they landed, one process then carries most of the load for as long as they live while
// the other idles (node:cluster documents the same with its round-robin off). So each process counts
// its open connections, and a new one accepted by a process already holding its share is passed on,
// before a byte of it is read, to the process that holds the fewest.
//
// The primary knows every count (the workers report theirs) and gives the workers their cap; a
// worker over its cap passes the connection to the primary, which keeps it or passes it on to the
// process with the fewest. A process never passes on a connection it was given: nothing goes round.

/** Connections a process may hold beyond the fewest any process holds (~6 %, and at least 2). */
export function shareCap(fewest: number): number {
  return fewest + Math.max(2, Math.ceil(fewest / 16));
}

/**
 * Where the primary sends a connection: `null` = keep it, or the key of the process (a worker) with
 * the fewest connections when the primary's own count has reached the cap over that fewest.
 */
export function placeConnection<K>(own: number, others: Map<K, number>): K | null {
  let fewest: K | null = null;
  let count = own;
  for (const [k, n] of others)
    if (n < count) {
      fewest = k;
      count = n;
    }
  return fewest !== null && own >= shareCap(count) ? fewest : null;
}

/** The cap the workers get: the share over the fewest any process (the primary included) holds. */
export function capForWorkers(own: number, others: Iterable<number>): number {
  let fewest = own;
  for (const n of others) fewest = Math.min(fewest, n);
  return shareCap(fewest);
}
