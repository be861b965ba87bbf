import "server-only";

// Entry of the relay, mounted by server/main.ts in front of Next for /v1, /v1beta and /pg.
// Plain node:http: the hot path pays for no framework routing.
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROLE, USER_STATUS } from "@/lib/constants";
import { newRequestId } from "@/lib/server/http/route-id";
import { beginRequest } from "@/lib/server/in-flight";
import { readCookie, readSessionToken, sessionCookieName } from "@/lib/server/auth/session";
import { clientIpFromNode } from "@/lib/server/client-ip";
import { isCrossSite } from "@/lib/server/http/same-site";
import { authenticateToken, extractKey } from "@/relay/auth/auth";
import type { RelayCaller } from "@/relay/kernel/context";
import { getUser } from "@/lib/server/cache/token-cache";
import type { WireFormat } from "@/relay/kernel/adapter";
import { RelayError } from "@/relay/kernel/errors";
import { sendError } from "@/relay/kernel/http-io";
import { listGeminiModels, retrieveGeminiModel, listModels, retrieveModel } from "@/relay/routing/models";
import { runRelay } from "@/relay/entry/pipeline";
import { endpointFor } from "@/relay/entry/routes";
import { openaiTextEndpoint } from "@/relay/endpoints/openai-text";
import { handleTaskRelay, isTaskPath } from "@/relay/tasks/handler";
import { handleTokenQuery, isTokenQueryPath } from "@/relay/endpoints/token-queries";
import { CLAUDE_COUNT_PATH, countTokens, isCountTokensPath } from "@/relay/endpoints/count-tokens";
import { db } from "@/lib/server/db";
import { getOptions } from "@/lib/server/options/store";
import { requestLogger } from "@/lib/server/logger";
import { trackRelayRequest } from "@/lib/server/metrics/record";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";

const NOT_IMPLEMENTED = [
  /^\/v1\/images\/variations$/,
  /^\/v1\/files(\/|$)/,
  /^\/v1\/fine-tunes(\/|$)/,
  /^\/v1\/fine_tuning(\/|$)/,
  /^\/v1\/assistants(\/|$)/,
  /^\/v1\/threads(\/|$)/,
  /^\/v1\/batches(\/|$)/,
  /^\/v1\/realtime(\/|$)/,
  /^\/v1\/video(\/|$)/,
  /^\/v1\/videos(\/|$)/,
  /^\/v1\/edits$/,
];

const decodable = (p: string) => {
  try {
    decodeURIComponent(p);
    return true;
  } catch {
    return false;
  }
};

export function isRelayPath(pathname: string): boolean {
  return (
    pathname === "/v1" ||
    pathname.startsWith("/v1/") ||
    pathname.startsWith("/v1beta/") ||
    pathname.startsWith("/pg/") ||
    isTaskPath(pathname) ||
    isTokenQueryPath(pathname)
  );
}

/** The playground authenticates with the console session, not a token. */
async function playgroundCaller(req: IncomingMessage): Promise<RelayCaller> {
  const headers = new Headers();
  for (const name of ["cookie", "origin", "referer", "host", "x-forwarded-host"]) {
    const v = req.headers[name];
    if (typeof v === "string") headers.set(name, v);
  }
  // Cookie-authenticated: refuse cross-site requests like every console write.
  if (isCrossSite(headers)) throw relayError("cross_site");
  const claims = await readSessionToken(readCookie(headers, sessionCookieName()));
  if (!claims) throw relayError("session_expired");
  const row = await db().user.findUnique({ where: { id: claims.uid }, select: { authVersion: true } });
  const user = await getUser(claims.uid);
  if (!user || user.deleted || !row || row.authVersion !== claims.v) throw relayError("session_expired");
  if (user.status !== USER_STATUS.enabled) throw relayError("user_banned");
  const claimed = req.headers["new-api-user"];
  if (typeof claimed === "string" && claimed && Number(claimed) !== user.id) throw relayError("user_mismatch");
  return { token: null, user, group: user.group, channelPin: null };
}

const EXTENSION_ORIGIN = /^(chrome|moz|safari-web|ms-browser)-extension:\/\//i;

/** global.block_browser_extension_enabled: keys must not be used from browser extensions. */
async function refuseBrowserExtension(req: IncomingMessage): Promise<void> {
  const origin = req.headers.origin;
  if (typeof origin !== "string" || !EXTENSION_ORIGIN.test(origin)) return;
  if (!(await getOptions()).bool("global.block_browser_extension_enabled")) return;
  throw relayError("browser_extension");
}

export async function handleRelay(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newRequestId();
  const startedAt = Date.now();
  const url = new URL(req.url ?? "/", "http://relay.local");
  const path = url.pathname.replace(/\/+$/, "") || "/";
  const ip = clientIpFromNode(req);
  let format: WireFormat = "openai";
  trackRelayRequest(res, path, startedAt);
  res.once("close", beginRequest(requestId, path));
  if (isTaskPath(path) && decodable(url.pathname)) return handleTaskRelay(req, res, { path, url, requestId, ip });
  try {
    try {
      decodeURIComponent(url.pathname);
    } catch {
      throw invalidRequest("The request path holds a malformed %-escape", "invalid_path");
    }
    if (isTokenQueryPath(path)) return await handleTokenQuery(req, res, { requestId, ip, url, path });
    if (path === "/pg/chat/completions" && req.method === "POST") {
      const caller = await playgroundCaller(req);
      if (caller.user.role < ROLE.user) throw relayError("forbidden");
      return await runRelay(
        req,
        res,
        { requestId, startedAt, path: "/v1/chat/completions", mode: "chat", ip, caller, playground: true },
        openaiTextEndpoint("chat"),
        url,
      );
    }
    const deleteModel = req.method === "DELETE" && path.startsWith("/v1/models/");
    if (deleteModel || NOT_IMPLEMENTED.some((r) => r.test(path))) {
      throw relayError("not_implemented", { method: req.method ?? "", path: url.pathname });
    }
    if (req.method === "POST" && isCountTokensPath(path)) {
      format = path === CLAUDE_COUNT_PATH ? "claude" : "gemini";
      await refuseBrowserExtension(req);
      const caller = await authenticateToken(extractKey(req, path, url.searchParams), ip, req.headers);
      return await countTokens(req, res, { path, caller, requestId });
    }
    const endpoint = req.method === "POST" ? endpointFor(path) : null;
    if (endpoint) format = endpoint.format;
    const isModels = req.method === "GET" && (path === "/v1/models" || path.startsWith("/v1/models/"));
    const geminiModels = req.method === "GET" && (path === "/v1beta/models" || path === "/v1beta/openai/models");
    const geminiModel = req.method === "GET" && /^\/v1beta\/models\/[^/:]+$/.test(path);
    if (path === "/v1beta/models" || geminiModel) format = "gemini";
    if (endpoint || isModels || geminiModels || geminiModel) {
      await refuseBrowserExtension(req);
      const caller = await authenticateToken(extractKey(req, path, url.searchParams), ip, req.headers);
      if (geminiModel)
        return await retrieveGeminiModel(
          res,
          caller,
          decodeURIComponent(path.slice("/v1beta/models/".length)),
          requestId,
        );
      if (geminiModels)
        return path === "/v1beta/models"
          ? await listGeminiModels(res, caller, requestId)
          : await listModels(res, caller, requestId);
      if (isModels)
        return path === "/v1/models"
          ? await listModels(res, caller, requestId, !!req.headers["anthropic-version"])
          : await retrieveModel(res, caller, decodeURIComponent(path.slice("/v1/models/".length)), requestId);
      const base = { requestId, startedAt, path, mode: endpoint!.mode, ip, caller, playground: false };
      return await runRelay(req, res, base, endpoint!, url);
    }
    throw relayError("invalid_url", { method: req.method ?? "", path: url.pathname });
  } catch (err) {
    if (!(err instanceof RelayError)) requestLogger(requestId).error({ err, path }, "relay internal error");
    const e = err instanceof RelayError ? err : relayError("internal");
    req.resume();
    sendError(res, e, requestId, format);
  }
}
