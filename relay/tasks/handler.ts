import "server-only";

// Entry of the task relays: /mj/*, /{mode}/mj/* and /suno/*. Not pipeline
// endpoints: one upstream call, a per-call price, then background polling. Errors are answered in
// the platform's own shape (midjourney-proxy {code, description}, Suno {code, message}).
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "@/lib/env";
import { firstIllFormed } from "@/lib/server/http/input-guard";
import { requestLogger } from "@/lib/server/logger";
import type { RelayCaller } from "@/relay/kernel/context";
import type { TaskChannels } from "@/relay/tasks/charge";
import { RelayError } from "@/relay/kernel/errors";
import { readBody, sendJson } from "@/relay/kernel/http-io";
import { fetchMidjourney, imageSeedMidjourney, submitMidjourney, type TaskRequest } from "@/relay/tasks/midjourney";
import { proxyMidjourneyImage } from "@/relay/tasks/mj-image";
import { fetchSuno, submitSuno } from "@/relay/tasks/suno";
import { checkWire, invalidField, parseBodyJson } from "@/relay/kernel/wire-guard";
import { midjourneySchema, sunoSchema } from "@/relay/tasks/wire";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";

const MJ_PATH = /^(?:\/(fast|turbo|relax))?\/mj(\/.*)$/;

export function isTaskPath(pathname: string): boolean {
  return MJ_PATH.test(pathname) || pathname.startsWith("/suno/");
}

function sendTaskError(res: ServerResponse, err: RelayError, requestId: string, suno: boolean): void {
  const body = suno
    ? { code: err.code || "error", message: err.message, data: null }
    : { code: err.status === 404 ? 3 : 4, description: err.message, type: err.type, result: null };
  sendJson(res, err.status, JSON.stringify(body), requestId);
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const raw = await readBody(req, env().RELAY_MAX_BODY_MB * 1048576);
  if (!raw.length) return {};
  try {
    const v = await parseBodyJson(raw);
    if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
  }
  throw invalidRequest("The request body must be a JSON object", "invalid_json");
}

const idsOf = (body: Record<string, unknown>): string[] =>
  Array.isArray(body.ids) ? body.ids.filter((x): x is string => typeof x === "string") : [];

export async function handleTaskRelay(
  req: IncomingMessage,
  res: ServerResponse,
  r: {
    path: string;
    url: URL;
    requestId: string;
    ip: string;
    /** The sk- key's caller (entry/routes.ts): the image proxy below is public, so this route asks for it. */
    authenticate: () => Promise<RelayCaller>;
    channels: TaskChannels;
  },
): Promise<void> {
  const suno = r.path.startsWith("/suno/");
  try {
    const mj = MJ_PATH.exec(r.path);
    const subPath = mj ? mj[2]! : r.path.slice("/suno".length);
    // The image proxy is public: <img src> in a browser carries no key.
    const image = /^\/image\/([^/]+)$/.exec(subPath);
    if (mj && image && req.method === "GET")
      return await proxyMidjourneyImage(res, decodeURIComponent(image[1]!), r.requestId);

    const caller = await r.authenticate();
    const body = req.method === "POST" ? await readJson(req) : {};
    if (req.method === "POST") {
      checkWire(mj ? midjourneySchema : sunoSchema, body);
      // Task ids and prompts reach the database, whose engine fails on a lone surrogate or a NUL.
      const bad = firstIllFormed(body);
      if (bad !== null) invalidField(bad, "must be well-formed text (no lone surrogate or NUL)");
    }
    const tr: TaskRequest = {
      requestId: r.requestId,
      ip: r.ip,
      caller,
      path: r.path,
      subPath,
      body,
      channels: r.channels,
    };

    if (mj) {
      const fetchOne = /^\/task\/([^/]+)\/fetch$/.exec(subPath);
      const seed = /^\/task\/([^/]+)\/image-seed$/.exec(subPath);
      if (req.method === "GET" && fetchOne)
        return await fetchMidjourney(res, tr, [decodeURIComponent(fetchOne[1]!)], true);
      if (req.method === "GET" && seed) return await imageSeedMidjourney(res, tr, decodeURIComponent(seed[1]!));
      if (req.method === "POST" && subPath === "/task/list-by-condition")
        return await fetchMidjourney(res, tr, idsOf(body), false);
      if (req.method === "POST") return await submitMidjourney(res, tr);
    } else {
      const submit = /^\/submit\/([a-z]+)$/.exec(subPath);
      const fetchOne = /^\/fetch\/([^/]+)$/.exec(subPath);
      if (req.method === "POST" && submit) return await submitSuno(res, tr, submit[1]!);
      if (req.method === "POST" && subPath === "/fetch") return await fetchSuno(res, tr, idsOf(body), false);
      if (req.method === "GET" && fetchOne) return await fetchSuno(res, tr, [decodeURIComponent(fetchOne[1]!)], true);
    }
    throw relayError("invalid_url", { method: req.method ?? "", path: r.url.pathname });
  } catch (err) {
    if (!(err instanceof RelayError))
      requestLogger(r.requestId).error({ err, path: r.path }, "task relay internal error");
    const e = err instanceof RelayError ? err : relayError("internal");
    req.resume();
    if (res.headersSent) res.destroy();
    else sendTaskError(res, e, r.requestId, suno);
  }
}
