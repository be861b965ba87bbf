import "server-only";

// The relay's routes: what answers a method and path, in which dialect its errors are written, and
// how its caller is identified. The entry handler (handler.ts) finds the route and dispatches; the route
// asks for its caller when it needs it (identify(), as its `auth` says). The handler knows no path. POST endpoints: exact paths first (the hot path: one map lookup),
// then the special paths, then patterns (Gemini's /models/{m}:verb).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { WireFormat } from "@/relay/kernel/adapter";
import type { RelayCaller } from "@/relay/kernel/context";
import type { RelayEndpoint } from "@/relay/kernel/endpoint";
import { relayError } from "@/relay/kernel/error-codes";
import { CLAUDE_COUNT_PATH, countTokens, isCountTokensPath } from "@/relay/entry/count-tokens";
import { runRelay } from "@/relay/entry/pipeline";
import { listGeminiModels, listModels, retrieveGeminiModel, retrieveModel } from "@/relay/routing/models";
import { selectChannel, selectKey } from "@/relay/routing/select-channel";
import { reserveOrRefuse } from "@/relay/routing/reserve-quota";
import { claudeMessagesEndpoint } from "@/relay/endpoints/messages";
import { GEMINI_PATH, geminiEndpoint } from "@/relay/endpoints/gemini";
import { openaiTextEndpoint } from "@/relay/endpoints/openai-text";
import { speechEndpoint, transcriptionsEndpoint, translationsEndpoint } from "@/relay/endpoints/audio";
import { imageEditsEndpoint, imageGenerationsEndpoint } from "@/relay/endpoints/images";
import { rerankEndpoint } from "@/relay/endpoints/rerank";
import { ENGINES_EMBEDDINGS_PATH, enginesEmbeddingsEndpoint } from "@/relay/endpoints/engines";
import { responsesCompactEndpoint, responsesCreateEndpoint } from "@/relay/endpoints/responses";
import { handleTokenQuery, isTokenQueryPath } from "@/relay/endpoints/token-queries";
import { handleTaskRelay, isTaskPath } from "@/relay/tasks/handler";
import { handleVideoRelay, isVideoPath } from "@/relay/tasks/video-handler";
import { sessionCaller } from "@/relay/auth/auth";
import type { TaskChannels } from "@/relay/tasks/charge";

/** One request as the handler hands it to its route. */
export type RouteCall = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** The path without trailing slashes. */
  path: string;
  requestId: string;
  startedAt: number;
  ip: string;
  /** The caller as the route's `auth` says ("token": the sk- key, "session": the console session),
   *  asked by the route when it needs it: a billed call identifies it first thing in its pipeline. */
  identify(): Promise<RelayCaller>;
  /** The sk- key's caller, for routes that authenticate themselves ("self"). */
  authenticate(opts?: { readOnly?: boolean }): Promise<RelayCaller>;
};

export type RelayRoute = {
  /** The dialect of the errors the handler answers for this route. */
  format: WireFormat;
  /** token: an sk- key (refused from browser extensions when configured); session: the console
   *  session (playground); self: the route calls authenticate() itself (its own error shape, public
   *  parts); none: nobody to identify. */
  auth: "token" | "session" | "self" | "none";
  serve(call: RouteCall): Promise<void>;
};

// Built once: an endpoint is a description (its reader and its attempt), the same for every call.
const CHAT = openaiTextEndpoint("chat");
const EXACT = new Map<string, RelayEndpoint>([
  ["/v1/chat/completions", CHAT],
  ["/v1/completions", openaiTextEndpoint("completions")],
  ["/v1/embeddings", openaiTextEndpoint("embeddings")],
  ["/v1/moderations", openaiTextEndpoint("moderations")],
  ["/v1/responses", responsesCreateEndpoint],
  ["/v1/responses/compact", responsesCompactEndpoint],
  ["/v1/images/generations", imageGenerationsEndpoint],
  ["/v1/images/edits", imageEditsEndpoint],
  ["/v1/audio/speech", speechEndpoint],
  ["/v1/audio/transcriptions", transcriptionsEndpoint],
  ["/v1/audio/translations", translationsEndpoint],
  ["/v1/rerank", rerankEndpoint],
  ["/v1/messages", claudeMessagesEndpoint],
]);

const PATTERNS: { re: RegExp; make: (m: RegExpMatchArray) => RelayEndpoint | null }[] = [
  { re: GEMINI_PATH, make: (m) => geminiEndpoint(m[1]!, m[2]!) },
  { re: ENGINES_EMBEDDINGS_PATH, make: (m) => enginesEmbeddingsEndpoint(m[1]!) },
];

/** The endpoint for a POST to `path`, or null when no relay endpoint serves it. */
export function endpointFor(path: string): RelayEndpoint | null {
  const exact = EXACT.get(path);
  if (exact) return exact;
  for (const p of PATTERNS) {
    const m = path.match(p.re);
    if (m) return p.make(m);
  }
  return null;
}

/** A billed call through the pipeline (pipeline.ts) to `endpoint`. */
const endpointRoute = (endpoint: RelayEndpoint): RelayRoute => ({
  format: endpoint.format,
  auth: "token",
  serve: (c) => {
    const { requestId, startedAt, path, ip } = c;
    const base = { requestId, startedAt, path, mode: endpoint.mode, ip, playground: false };
    return runRelay(c.req, c.res, base, endpoint, c.url, c.identify);
  },
});

const NOT_IMPLEMENTED = [
  /^\/v1\/images\/variations$/,
  /^\/v1\/files(\/|$)/,
  /^\/v1\/fine-tunes(\/|$)/,
  /^\/v1\/fine_tuning(\/|$)/,
  /^\/v1\/assistants(\/|$)/,
  /^\/v1\/threads(\/|$)/,
  /^\/v1\/batches(\/|$)/,
  /^\/v1\/realtime(\/|$)/,
  /^\/v1\/edits$/,
];

/** The router's choice, handed to the task relays (they come after the routing stage). */
const TASK_CHANNELS: TaskChannels = {
  channel: (candidates) => selectChannel(candidates, 0, new Set()),
  key: selectKey,
  reserve: (payer, token, tokenId, amount) => reserveOrRefuse(payer, token, tokenId, amount),
};

const ROUTE = {
  tasks: {
    format: "openai",
    auth: "self",
    serve: (c) => handleTaskRelay(c.req, c.res, { ...c, channels: TASK_CHANNELS }),
  },
  video: {
    format: "openai",
    auth: "token",
    // The content download also takes the console session (new-api's TokenOrUserAuth): the task log's
    // result link is opened in the browser, which carries no key.
    serve: (c) =>
      handleVideoRelay(c.req, c.res, { ...c, channels: TASK_CHANNELS, session: () => sessionCaller(c.req) }),
  },
  tokenQueries: { format: "openai", auth: "self", serve: (c) => handleTokenQuery(c.req, c.res, c) },
  playground: {
    format: "openai",
    auth: "session",
    serve: (c) => {
      const { requestId, startedAt, ip } = c;
      const base = {
        requestId,
        startedAt,
        path: "/v1/chat/completions",
        mode: "chat" as const,
        ip,
        playground: true,
      };
      return runRelay(c.req, c.res, base, CHAT, c.url, c.identify);
    },
  },
  notImplemented: {
    format: "openai",
    auth: "none",
    serve: async (c) => {
      throw relayError("not_implemented", { method: c.req.method ?? "", path: c.url.pathname });
    },
  },
  countClaude: { format: "claude", auth: "token", serve: async (c) => countTokens(c.req, c.res, await countCall(c)) },
  countGemini: { format: "gemini", auth: "token", serve: async (c) => countTokens(c.req, c.res, await countCall(c)) },
  listModels: {
    format: "openai",
    auth: "token",
    serve: async (c) => listModels(c.res, await c.identify(), c.requestId, !!c.req.headers["anthropic-version"]),
  },
  retrieveModel: {
    format: "openai",
    auth: "token",
    serve: async (c) =>
      retrieveModel(c.res, await c.identify(), decodeURIComponent(c.path.slice("/v1/models/".length)), c.requestId),
  },
  listOpenAIModelsOfGemini: {
    format: "openai",
    auth: "token",
    serve: async (c) => listModels(c.res, await c.identify(), c.requestId),
  },
  listGeminiModels: {
    format: "gemini",
    auth: "token",
    serve: async (c) => listGeminiModels(c.res, await c.identify(), c.requestId),
  },
  retrieveGeminiModel: {
    format: "gemini",
    auth: "token",
    serve: async (c) =>
      retrieveGeminiModel(
        c.res,
        await c.identify(),
        decodeURIComponent(c.path.slice("/v1beta/models/".length)),
        c.requestId,
      ),
  },
} satisfies Record<string, RelayRoute>;

const countCall = async (c: RouteCall) => ({ path: c.path, caller: await c.identify(), requestId: c.requestId });

const GEMINI_MODEL = /^\/v1beta\/models\/[^/:]+$/;

/** The models lists and lookups (GET). */
function modelsRoute(path: string): RelayRoute | null {
  if (path === "/v1/models") return ROUTE.listModels;
  if (path.startsWith("/v1/models/")) return ROUTE.retrieveModel;
  if (path === "/v1beta/models") return ROUTE.listGeminiModels;
  if (path === "/v1beta/openai/models") return ROUTE.listOpenAIModelsOfGemini;
  if (GEMINI_MODEL.test(path)) return ROUTE.retrieveGeminiModel;
  return null;
}

/** The route for `method` on `path` (trailing slashes removed), or null: the URL is not the relay's. */
export function routeFor(method: string, path: string): RelayRoute | null {
  if (method === "POST") {
    const exact = EXACT.get(path);
    if (exact) return endpointRoute(exact);
  }
  if (isTaskPath(path)) return ROUTE.tasks;
  if (isVideoPath(path)) return ROUTE.video;
  if (isTokenQueryPath(path)) return ROUTE.tokenQueries;
  if (method === "POST" && path === "/pg/chat/completions") return ROUTE.playground;
  if ((method === "DELETE" && path.startsWith("/v1/models/")) || NOT_IMPLEMENTED.some((r) => r.test(path)))
    return ROUTE.notImplemented;
  if (method === "POST") {
    if (isCountTokensPath(path)) return path === CLAUDE_COUNT_PATH ? ROUTE.countClaude : ROUTE.countGemini;
    const endpoint = endpointFor(path);
    return endpoint ? endpointRoute(endpoint) : null;
  }
  return method === "GET" ? modelsRoute(path) : null;
}

/** Whether server/main.ts hands `pathname` to the relay. */
export function isRelayPath(pathname: string): boolean {
  return (
    pathname === "/v1" ||
    pathname.startsWith("/v1/") ||
    pathname.startsWith("/v1beta/") ||
    pathname.startsWith("/pg/") ||
    isTaskPath(pathname) ||
    isVideoPath(pathname) ||
    isTokenQueryPath(pathname)
  );
}
