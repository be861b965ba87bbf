// A named OpenAI-compatible chat upstream on loopback for the two-instance tests: every answer says
// which upstream served it ("served-by:<name>"), so a test knows the channel of each request without
// correlating logs, and an adjustable delay keeps requests in flight (concurrency, kill -9 mid-load).
// The usage is fixed; the tests bill with ModelPrice, so the price does not depend on it anyway.
import http from "node:http";
import { listenLoopback } from "../../test-support/upstream/loopback";

export type ClusterUpstream = {
  name: string;
  url: string;
  /** Requests answered so far. */
  count: () => number;
  /** Milliseconds before each answer (changeable between tests). */
  delayMs: number;
  close: () => Promise<void>;
};

const USAGE = { prompt_tokens: 12, completion_tokens: 11, total_tokens: 23 };

export const servedBy = (text: string): string | null => /served-by:([\w-]+)/.exec(text)?.[1] ?? null;

export async function startClusterUpstream(name: string, delayMs = 0): Promise<ClusterUpstream> {
  let answered = 0;
  const self = { delayMs } as ClusterUpstream;
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      let body: { model?: string; stream?: boolean } = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString() || "{}");
      } catch {
        body = {};
      }
      const model = String(body.model ?? "");
      const content = `served-by:${name}`;
      setTimeout(() => {
        if (res.destroyed) return;
        answered++;
        if (body.stream) {
          res.writeHead(200, { "content-type": "text/event-stream" });
          const base = { id: "chatcmpl-cluster", object: "chat.completion.chunk", created: 1, model };
          const write = (o: unknown) => res.write(`data: ${JSON.stringify(o)}\n\n`);
          write({ ...base, choices: [{ index: 0, delta: { role: "assistant", content }, finish_reason: null }] });
          write({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
          write({ ...base, choices: [], usage: USAGE });
          res.end("data: [DONE]\n\n");
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: "chatcmpl-cluster",
            object: "chat.completion",
            created: 1,
            model,
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: USAGE,
          }),
        );
      }, self.delayMs);
    });
  });
  const { url, close } = await listenLoopback(server);
  return Object.assign(self, { name, url, close, count: () => answered });
}
