// Loopback test servers: a free port whose `close` also drops kept-alive connections, and the
// JSON-body server every mock upstream is built on.
import http from "node:http";
import type { AddressInfo } from "node:net";

export async function listenLoopback(server: http.Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A server that reads each request's whole body as a JSON object ({} when empty or not JSON: a mock
 * answers what the gateway sent, however malformed) and then calls `handle`.
 */
export function jsonBodyServer(
  handle: (req: http.IncomingMessage, body: Record<string, unknown>, res: http.ServerResponse) => unknown,
): http.Server {
  return http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(Buffer.concat(parts).toString() || "{}") as Record<string, unknown>;
      } catch {
        body = {};
      }
      handle(req, body, res);
    });
  });
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
