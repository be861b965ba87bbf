import "server-only";

// WebSocket upgrades (server/main.ts's "upgrade" event): GET /v1/realtime?model=... only. The caller
// is identified by its sk- key (Authorization: Bearer, or the subprotocol openai-insecure-api-key.<key>
// that browsers use); the session is routed (relay/routing/realtime-route.ts) and the upstream socket
// opened (relay/endpoints/realtime/open-session.ts) BEFORE the client's upgrade is accepted, so every refusal is a plain HTTP
// answer in OpenAI's error shape. Then both sockets are pumped (relay/streaming/realtime-pump.ts).
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { STATUS_CODES } from "node:http";
import { clientIpFromNode } from "@/lib/server/client-ip";
import { newRequestId } from "@/lib/server/http/route-id";
import { requestLogger } from "@/lib/server/logger";
import { env } from "@/lib/env";
import { authenticateToken, refuseBrowserExtension } from "@/relay/auth/auth";
import { relayError } from "@/relay/kernel/error-codes";
import { errorBody, RelayError } from "@/relay/kernel/errors";
import { keyFromProtocols, offeredProtocols } from "@/relay/kernel/realtime-wire";
import { routeRealtime } from "@/relay/routing/realtime-route";
import { openRealtimeSession } from "@/relay/endpoints/realtime/open-session";
import { pumpRealtime } from "@/relay/streaming/realtime-pump";

let acceptor: WebSocketServer | null = null;
/** One server for every upgrade (noServer: main.ts's HTTP server owns the sockets). */
function wss(): WebSocketServer {
  acceptor ??= new WebSocketServer({
    noServer: true,
    maxPayload: env().RELAY_MAX_BODY_MB * 1024 * 1024,
    perMessageDeflate: false,
    // The subprotocol is chosen per session (below); ws asks this only when the client offered some.
    handleProtocols: (_protocols, request) =>
      (request as IncomingMessage & { chosenProtocol?: string | null }).chosenProtocol ?? false,
  });
  return acceptor;
}

/** An HTTP answer on a socket that was never upgraded. */
function refuse(socket: Duplex, err: RelayError, requestId: string): void {
  if (socket.destroyed) return;
  const body = errorBody(err, requestId);
  socket.end(
    `HTTP/1.1 ${err.status} ${STATUS_CODES[err.status] ?? ""}\r\n` +
      `content-type: application/json\r\nx-request-id: ${requestId}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

export async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const requestId = newRequestId();
  const startedAt = Date.now();
  const ip = clientIpFromNode(req);
  socket.on("error", () => socket.destroy());
  try {
    const url = new URL(req.url ?? "/", "http://relay.local");
    if (req.method !== "GET") throw relayError("method_not_allowed", { method: req.method ?? "" });
    const protocols = offeredProtocols(req.headers["sec-websocket-protocol"]);
    const bearer = String(req.headers.authorization ?? "")
      .replace(/^Bearer\s+/i, "")
      .trim();
    await refuseBrowserExtension(req);
    const caller = await authenticateToken(bearer || keyFromProtocols(protocols), ip, req.headers);
    const route = await routeRealtime(req, url, caller);
    const session = await openRealtimeSession(req, route, caller, { requestId, ip, startedAt, protocols });
    if (socket.destroyed) {
      session.upstream.terminate();
      await session.biller.finish();
      return;
    }
    (req as IncomingMessage & { chosenProtocol?: string | null }).chosenProtocol = session.protocol;
    wss().handleUpgrade(req, socket, head, (client) => {
      pumpRealtime(client, session.upstream, { biller: session.biller, idleMs: session.idleMs, requestId });
    });
  } catch (err) {
    if (!(err instanceof RelayError)) requestLogger(requestId).error({ err }, "realtime upgrade failed");
    refuse(socket, err instanceof RelayError ? err : relayError("internal"), requestId);
  }
}
