import "server-only";

// Requests being served by this process, oldest first (a Map keeps insertion order), so the
// event-loop watchdog can name the request most likely to be hogging the loop. Shared by the
// custom server (relay) and Next's bundles (/api routes) through the process singleton.
import { singleton } from "@/lib/server/singleton";

type Entry = { path: string; startedAt: number };

const requests = singleton("in-flight.requests", () => new Map<string, Entry>());

/** Records a request as in flight; the returned function ends it (idempotent). */
export function beginRequest(requestId: string, path: string): () => void {
  requests.set(requestId, { path, startedAt: Date.now() });
  return () => void requests.delete(requestId);
}

export function oldestInFlight(): ({ requestId: string; ageMs: number } & Entry) | null {
  for (const [requestId, e] of requests) return { requestId, ...e, ageMs: Date.now() - e.startedAt };
  return null;
}

export const inFlightCount = (): number => requests.size;
