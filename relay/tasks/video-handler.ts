import "server-only";

// Entry of the video task relay, at new-api's paths: OpenAI's videos API (POST/GET /v1/videos,
// GET /v1/videos/{id}, GET /v1/videos/{id}/content, POST /v1/videos/{id}/remix) and new-api's
// POST /v1/video/generations + GET /v1/video/generations/{id}; Kling's POST /kling/v1/videos/{text2video,
// image2video} and their GETs; Jimeng's POST /jimeng/?Action=CVSync2AsyncSubmitTask|CVSync2AsyncGetResult.
// Errors in OpenAI's shape. A task id is
// the gateway's own and belongs to its token's user: anybody else's id answers as an unknown one.
import type { IncomingMessage, ServerResponse } from "node:http";
import { db } from "@/lib/server/db";
import { drainRest } from "@/lib/server/http/capped-request-body";
import { requestLogger } from "@/lib/server/logger";
import type { RelayCaller } from "@/relay/kernel/context";
import { RelayError } from "@/relay/kernel/errors";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { sendError, sendJson } from "@/relay/kernel/http-io";
import type { TaskChannels } from "@/relay/tasks/charge";
import { readVideoBody, videoBodyLimit, type BodyState } from "@/relay/tasks/video-body";
import { streamVideoContent } from "@/relay/tasks/video-content";
import { remixVideo, submitVideo, type VideoSubmit } from "@/relay/tasks/video-submit";
import { findVideoTask, videoObject, videoTaskDto } from "@/relay/tasks/video-views";

const VIDEO_PATH = /^\/(?:v1\/(?:videos|video\/generations)(?:\/|$)|kling\/v1\/videos\/|jimeng\/?$)/;
/** Kling's own paths (new-api's KlingRequestConvert): the native body is the request's metadata. */
const KLING_PATH = /^\/kling\/v1\/videos\/(?:text2video|image2video)(?:\/([^/]+))?$/;

export function isVideoPath(path: string): boolean {
  return VIDEO_PATH.test(path);
}

type VideoCall = {
  path: string;
  url: URL;
  requestId: string;
  ip: string;
  identify: () => Promise<RelayCaller>;
  /** The console session's caller (the content download without a key, from the task log's link). */
  session: () => Promise<RelayCaller>;
  channels: TaskChannels;
};

const json = (res: ServerResponse, body: unknown, requestId: string) =>
  sendJson(res, 200, JSON.stringify(body), requestId);

const idOf = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    throw invalidRequest("Invalid video id", "invalid_video_id");
  }
};

/** GET /v1/videos: the caller's own tasks, newest first (OpenAI's cursor page: after, limit, order). */
async function listVideos(res: ServerResponse, caller: RelayCaller, url: URL, requestId: string) {
  const limitRaw = url.searchParams.get("limit");
  const limit = limitRaw === null ? 20 : Number(limitRaw);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    throw invalidRequest("limit must be an integer between 1 and 100", "invalid_limit");
  const order = url.searchParams.get("order") ?? "desc";
  if (order !== "asc" && order !== "desc") throw invalidRequest("order must be asc or desc", "invalid_order");
  const after = url.searchParams.get("after");
  const where = { userId: caller.user.id, platform: "video" };
  let cursor: number | undefined;
  if (after) cursor = (await findVideoTask(caller.user.id, after)).id;
  const rows = await db().task.findMany({
    where: cursor === undefined ? where : { ...where, id: order === "desc" ? { lt: cursor } : { gt: cursor } },
    orderBy: { id: order },
    take: limit + 1,
  });
  const data = rows.slice(0, limit).map(videoObject);
  json(
    res,
    {
      object: "list",
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: rows.length > limit,
    },
    requestId,
  );
}

/**
 * Jimeng's own API (new-api's JimengRequestConvert): the Action query picks a submit (the native body
 * becomes the request's metadata, its req_key the model) or a result query by our task id.
 */
async function jimeng(req: IncomingMessage, res: ServerResponse, c: VideoCall, submit: VideoSubmit, body: BodyState) {
  const action = c.url.searchParams.get("Action") ?? "";
  if (action !== "CVSync2AsyncSubmitTask" && action !== "CVSync2AsyncGetResult")
    throw invalidRequest("Action must be CVSync2AsyncSubmitTask or CVSync2AsyncGetResult", "invalid_action");
  const read = await readVideoBody(req, body);
  const native = read.json ?? {};
  if (action === "CVSync2AsyncGetResult") {
    const taskId = typeof native.task_id === "string" ? native.task_id : "";
    if (!taskId) throw invalidRequest("task_id is required for CVSync2AsyncGetResult", "invalid_request");
    const row = await findVideoTask(submit.caller.user.id, taskId);
    return json(res, { code: "success", message: "", data: await videoTaskDto(row) }, c.requestId);
  }
  const model = typeof native.req_key === "string" ? native.req_key : "";
  const prompt = typeof native.prompt === "string" ? native.prompt : "";
  const unified = { json: { model, prompt, metadata: native }, fields: { model, prompt }, files: read.files };
  return json(res, videoObject(await submitVideo(submit, unified)), c.requestId);
}

async function route(req: IncomingMessage, res: ServerResponse, c: VideoCall, body: BodyState): Promise<void> {
  const method = req.method ?? "";
  const videos = /^\/v1\/videos(?:\/([^/]+)(?:\/(content|remix))?)?$/.exec(c.path);
  const generations = /^\/v1\/video\/generations(?:\/([^/]+))?$/.exec(c.path);
  const keyless = !req.headers.authorization && !req.headers["x-api-key"];
  const caller = videos?.[2] === "content" && method === "GET" && keyless ? await c.session() : await c.identify();
  const submit = { caller, requestId: c.requestId, path: c.path, ip: c.ip, channels: c.channels };

  if (videos && method === "POST" && !videos[1])
    return json(res, videoObject(await submitVideo(submit, await readVideoBody(req, body))), c.requestId);
  if (videos && method === "POST" && videos[2] === "remix") {
    const origin = await findVideoTask(caller.user.id, idOf(videos[1]!));
    return json(res, videoObject(await remixVideo(submit, origin, await readVideoBody(req, body))), c.requestId);
  }
  if (videos && method === "GET" && !videos[1]) return listVideos(res, caller, c.url, c.requestId);
  if (videos && method === "GET" && !videos[2])
    return json(res, videoObject(await findVideoTask(caller.user.id, idOf(videos[1]!))), c.requestId);
  if (videos && method === "GET" && videos[2] === "content") {
    const row = await findVideoTask(caller.user.id, idOf(videos[1]!));
    return streamVideoContent(res, row, c.url.searchParams.get("variant") ?? "", c.requestId);
  }
  if (generations && method === "POST" && !generations[1])
    return json(res, videoObject(await submitVideo(submit, await readVideoBody(req, body))), c.requestId);
  const kling = KLING_PATH.exec(c.path);
  if (kling && method === "POST" && !kling[1]) {
    const read = await readVideoBody(req, body);
    const model = read.fields.model_name || read.fields.model || "kling-v1";
    return json(
      res,
      videoObject(await submitVideo(submit, { ...read, fields: { ...read.fields, model } })),
      c.requestId,
    );
  }
  if (/^\/jimeng\/?$/.test(c.path) && method === "POST") return jimeng(req, res, c, submit, body);
  const fetchId = generations?.[1] ?? kling?.[1];
  if (fetchId && method === "GET") {
    const row = await findVideoTask(caller.user.id, idOf(fetchId));
    return json(res, { code: "success", message: "", data: await videoTaskDto(row) }, c.requestId);
  }
  throw relayError("invalid_url", { method, path: c.url.pathname });
}

export async function handleVideoRelay(req: IncomingMessage, res: ServerResponse, c: VideoCall): Promise<void> {
  const body: BodyState = { size: 0, over: false };
  try {
    await route(req, res, c, body);
  } catch (err) {
    if (!(err instanceof RelayError))
      requestLogger(c.requestId).error({ err, path: c.path }, "video relay internal error");
    const e = err instanceof RelayError ? err : relayError("internal");
    if (res.headersSent) res.destroy();
    else {
      // A body cut off at the cap: the connection closes after this answer (drainRest), so the client
      // is told not to send another request on it.
      if (body.over) res.setHeader("connection", "close");
      sendError(res, e, c.requestId);
    }
  } finally {
    // What was not read is dropped, up to the body limit; past it the connection is closed.
    drainRest(req, body, videoBodyLimit());
  }
}
