// Client helpers of the WORKERS > 1 tests (workers.test.ts, workers-connections.test.ts).
import fs from "node:fs";
import http from "node:http";

/** `worker`: the process part of the request id (lib/server/http/route-id.ts: random per process). */
export type Reply = { status: number; body: string; worker: string; error?: string };

export const workersOf = (replies: Reply[]) => new Set(replies.map((r) => r.worker).filter(Boolean));

/**
 * One request; without `agent` on a connection of its own (no keep-alive pool: the primary spreads
 * connections), with one on that agent's one keep-alive connection (always the same process).
 */
export function sendTo(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  agent?: http.Agent,
): Promise<Reply> {
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${path}`,
      {
        method,
        agent: agent ?? false,
        headers: { "content-type": "application/json", ...headers, ...(agent ? {} : { connection: "close" }) },
      },
      (res) => {
        const worker = String(res.headers["x-request-id"] ?? "").slice(14, 20);
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        // "close" always comes, also when the connection is cut mid-body (then without "end").
        res.on("error", () => undefined);
        res.on("close", () =>
          resolve({ status: res.statusCode ?? 0, body: text, worker, error: res.complete ? undefined : "cut" }),
        );
      },
    );
    req.on("error", (err) => resolve({ status: 0, body: "", worker: "", error: err.message }));
    // A connection the worker had taken when it was killed is cut; nothing may hang.
    req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
    req.end(body);
  });
}

/** The worker processes of a gateway (children of its primary, `pid`). */
export function childPids(pid: number): number[] {
  const raw = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return raw ? raw.split(/\s+/).map(Number) : [];
}
