import "server-only";

// GET /v1/videos/{id}/content: the finished video (or its thumbnail or spritesheet, `variant`) streamed
// from the upstream to the client as it arrives: piped with backpressure, never held whole in memory,
// cut when either side goes away. The client sees only the content and its type and length: neither
// the upstream's address nor its key nor its other headers.
import type { ServerResponse } from "node:http";
import { pipeline } from "node:stream/promises";
import { request } from "undici";
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { assertChannelTarget, channelAgent, channelPrivateAllowed } from "@/lib/server/net/channel-address";
import { discardBody } from "@/lib/server/net/discard-body";
import { getOptions } from "@/lib/server/options/store";
import { requestLogger } from "@/lib/server/logger";
import { baseHeaders } from "@/relay/kernel/http-io";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { videoVendorFor } from "@/relay/vendors";
import { upstreamTimeoutMs } from "@/relay/tasks/task-upstream";
import { videoProps } from "@/relay/tasks/video-views";

const VARIANTS = new Set(["video", "thumbnail", "spritesheet"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;
/** Upstream headers a client may see. */
const PASSED = ["content-type", "content-length", "content-disposition", "last-modified", "etag"];

/**
 * A video the upstream answered inline (Vertex's base64 in the operation, kept in the task row as new-api
 * keeps it): already in memory, decoded and sent with its type and length.
 */
function sendInline(res: ServerResponse, dataUrl: string, requestId: string) {
  const m = /^data:([\w/+.-]+);base64,/.exec(dataUrl);
  if (!m) throw relayError("video_content_failed");
  const bytes = Buffer.from(dataUrl.slice(m[0].length), "base64");
  res.writeHead(200, {
    ...baseHeaders(requestId),
    "cache-control": "private, max-age=3600",
    "content-type": m[1]!,
    "content-length": String(bytes.length),
  });
  res.end(bytes);
}

export async function streamVideoContent(res: ServerResponse, row: TaskRow, variant: string, requestId: string) {
  if (variant && !VARIANTS.has(variant))
    throw invalidRequest("variant must be one of video, thumbnail, spritesheet", "invalid_variant");
  if (row.status !== "SUCCESS")
    throw relayError("video_not_ready", { id: row.taskId, status: row.status || "SUBMITTED" });
  const channel = (await getRouting()).byId.get(row.channelId);
  const vendor = channel ? videoVendorFor(channel.type) : null;
  if (!channel || !vendor) throw relayError("task_channel_gone");
  const p = videoProps(row);
  const key = channel.keys[p.key_index] ?? channel.keys[0] ?? "";
  const call = await Promise.resolve()
    .then(() =>
      vendor.content(
        { baseUrl: channel.baseUrl, key, other: channel.other },
        p.upstream_id,
        variant,
        p.result_url ?? "",
      ),
    )
    .catch((err: unknown) => {
      requestLogger(requestId).warn({ err: (err as Error).name, task: row.taskId }, "video content call not built");
      throw relayError("video_content_failed");
    });
  if (!call) {
    if (variant) throw invalidRequest(`variant ${variant} is not available for this video`, "invalid_variant");
    throw relayError("video_content_failed");
  }

  if (call.url.startsWith("data:")) return sendInline(res, call.url, requestId);

  const allowPrivate = channelPrivateAllowed(await getOptions());
  const timeout = upstreamTimeoutMs();
  let up: Awaited<ReturnType<typeof request>>;
  try {
    let url = call.url;
    let headers = call.headers;
    // File downloads redirect to signed storage addresses (Gemini): followed a few times, each target
    // checked like a channel address; the channel's credentials never follow a redirect.
    for (let hop = 0; ; hop++) {
      assertChannelTarget(url, allowPrivate);
      up = await request(url, {
        method: call.method,
        headers,
        dispatcher: channelAgent(allowPrivate),
        headersTimeout: timeout,
        bodyTimeout: timeout,
      });
      const location = up.headers.location;
      if (!REDIRECTS.has(up.statusCode) || typeof location !== "string" || hop >= MAX_REDIRECTS) break;
      discardBody(up.body);
      headers = {};
      url = new URL(location, url).toString();
    }
  } catch (err) {
    requestLogger(requestId).warn({ err: (err as Error).name, task: row.taskId }, "video content unreachable");
    throw relayError("video_content_failed");
  }
  if (up.statusCode !== 200) {
    discardBody(up.body);
    requestLogger(requestId).warn({ upstream: up.statusCode, task: row.taskId }, "video content refused upstream");
    throw relayError("video_content_failed");
  }
  const headers: Record<string, string> = { ...baseHeaders(requestId), "cache-control": "private, max-age=3600" };
  for (const h of PASSED) {
    const v = up.headers[h];
    if (typeof v === "string") headers[h] = v;
  }
  headers["content-type"] ??= "video/mp4";
  res.writeHead(200, headers);
  try {
    await pipeline(up.body, res);
  } catch {
    // The client left or the upstream broke off: both sides are closed by pipeline; nothing to answer.
    if (!up.body.destroyed) up.body.destroy();
  }
}
