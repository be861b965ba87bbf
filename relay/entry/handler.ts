import "server-only";

// Entry of the relay, mounted by server/main.ts in front of Next for /v1, /v1beta and /pg (and the
// task and token-query paths). Plain node:http: the hot path pays for no framework routing. It only
// finds the route (routes.ts) and dispatches, with the means to identify the caller as the route says.
import type { IncomingMessage, ServerResponse } from "node:http";
import { newRequestId } from "@/lib/server/http/route-id";
import { beginRequest } from "@/lib/server/in-flight";
import { clientIpFromNode } from "@/lib/server/client-ip";
import { requestLogger } from "@/lib/server/logger";
import { trackRelayRequest } from "@/lib/server/metrics/record";
import { authenticateToken, extractKey, refuseBrowserExtension, sessionCaller } from "@/relay/auth/auth";
import type { WireFormat } from "@/relay/kernel/adapter";
import type { RelayCaller } from "@/relay/kernel/context";
import { RelayError } from "@/relay/kernel/errors";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { sendError } from "@/relay/kernel/http-io";
import { routeFor } from "@/relay/entry/routes";
import { formatFor } from "@/relay/vendors";

export async function handleRelay(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newRequestId();
  const startedAt = Date.now();
  const url = new URL(req.url ?? "/", "http://relay.local");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const ip = clientIpFromNode(req);
  let format: WireFormat = "openai";
  trackRelayRequest(res, path, startedAt);
  res.once("close", beginRequest(requestId, path));
  try {
    try {
      decodeURIComponent(url.pathname);
    } catch {
      throw invalidRequest("The request path holds a malformed %-escape", "invalid_path");
    }
    const route = routeFor(req.method ?? "", path);
    if (!route) throw relayError("invalid_url", { method: req.method ?? "", path: url.pathname });
    format = route.format;
    const authenticate = (opts?: { readOnly?: boolean }) =>
      authenticateToken(extractKey(req, path, url.searchParams), ip, req.headers, opts);
    const auth = route.auth;
    const identify = async (): Promise<RelayCaller> => {
      if (auth === "token") {
        await refuseBrowserExtension(req);
        return authenticate();
      }
      if (auth === "session") return sessionCaller(req);
      throw relayError("internal");
    };
    return await route.serve({ req, res, url, path, requestId, startedAt, ip, identify, authenticate });
  } catch (err) {
    if (!(err instanceof RelayError)) requestLogger(requestId).error({ err, path }, "relay internal error");
    const e = err instanceof RelayError ? err : relayError("internal");
    req.resume();
    sendError(res, e, requestId, format === "openai" ? undefined : formatFor(format));
  }
}
