import "server-only";

// GET /healthz: the process is alive. GET /readyz: it can serve — the database answers and it is
// not shutting down (load balancers stop sending it traffic while it drains). Served by main.ts
// before Next (no session, no setup redirect), never cached.
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "@/lib/server/db";

const READY_TIMEOUT_MS = 2_000;
let draining = false;

export function answerProbe(res: ServerResponse): void {
  res.writeHead(200, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
  res.end();
}

/** From now on /readyz answers 503 (graceful shutdown has begun). */
export function markDraining(): void {
  draining = true;
}

export const isDraining = (): boolean => draining;

function answer(res: ServerResponse, status: number, body: Record<string, string>, head: boolean): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(head ? undefined : text);
}

async function databaseAnswers(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db().$queryRaw`SELECT 1`.then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export async function handleHealth(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
  const head = req.method === "HEAD";
  if (req.method !== "GET" && !head) {
    res.setHeader("allow", "GET, HEAD");
    return answer(res, 405, { status: "method_not_allowed" }, false);
  }
  if (pathname === "/healthz") return answer(res, 200, { status: "ok" }, head);
  if (draining) return answer(res, 503, { status: "draining" }, head);
  if (!(await databaseAnswers())) return answer(res, 503, { status: "unavailable", database: "error" }, head);
  answer(res, 200, { status: "ready", database: "ok" }, head);
}
