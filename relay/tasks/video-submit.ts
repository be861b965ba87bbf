import "server-only";

// Video submits (POST /v1/videos, /v1/video/generations, /v1/videos/{id}/remix), as new-api's task
// relay runs them: validate, price (the model's per-task price × the vendor's seconds and size ratios),
// reserve, call the upstream, keep the charge only when it accepted, then store the task under a
// public id of ours (the upstream's id stays in the row). poll-video.ts takes it from there.
import type { RelayCaller } from "@/relay/kernel/context";
import type { VideoJob, VideoVendor } from "@/relay/kernel/video";
import { db } from "@/lib/server/db";
import { mapModel } from "@/relay/kernel/channel-transform";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";
import { redactUpstreamText } from "@/relay/kernel/redact";
import { videoVendorFor } from "@/relay/vendors";
import {
  chargeTaskCall,
  taskFunding,
  prepareTaskCall,
  releaseTaskCall,
  type TaskCall,
  type TaskChannels,
} from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import type { VideoBody } from "@/relay/tasks/video-body";
import { newVideoTaskId, videoProps, type VideoProps } from "@/relay/tasks/video-views";
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";

/** new-api's MaxTaskDurationSeconds: the duration multiplies the price, so it is bounded. */
const MAX_SECONDS = 3600;
/** new-api's size check for the sora-2 family. */
const SORA_SIZES: Record<string, string[]> = {
  "sora-2": ["720x1280", "1280x720"],
  "sora-2-pro": ["720x1280", "1280x720", "1792x1024", "1024x1792"],
};

export type VideoSubmit = {
  caller: RelayCaller;
  requestId: string;
  path: string;
  ip: string;
  channels: TaskChannels;
};

type Parsed = { model: string; prompt: string; seconds: number; size: string };

function parseJob(body: VideoBody): Parsed {
  const f = body.fields;
  const prompt = (f.prompt ?? "").trim();
  if (!prompt) throw invalidRequest("prompt is required", "invalid_request");
  const model = (f.model ?? "").trim() || "sora-2";
  const rawSeconds = (f.seconds ?? f.duration ?? "").trim();
  const seconds = rawSeconds === "" ? 0 : Number(rawSeconds);
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > MAX_SECONDS)
    throw invalidRequest(`seconds must be an integer between 1 and ${MAX_SECONDS}`, "invalid_seconds");
  const size = (f.size ?? "").trim();
  // WIDTHxHEIGHT for Sora and Kling, a resolution name ("1080p") for Vidu.
  if (size && !/^[A-Za-z0-9:x.]{1,20}$/.test(size))
    throw invalidRequest("size must be WIDTHxHEIGHT or a resolution", "invalid_size");
  const allowed = SORA_SIZES[model];
  if (allowed && !allowed.includes(size || "720x1280"))
    throw invalidRequest(`${model} size is invalid`, "invalid_size");
  return { model, prompt, seconds, size };
}

/** The upstream's refusal, in the client's error shape, its text without keys or addresses. */
function refusal(call: TaskCall, up: { status: number; json: unknown }) {
  const answer = up.json as { error?: { message?: unknown }; message?: unknown } | null;
  const raw = answer?.error?.message ?? answer?.message;
  const text = typeof raw === "string" ? raw : "";
  // The channel's own credentials refused (401/403) is not the caller's fault: a gateway error.
  const status = up.status >= 400 && up.status < 500 && up.status !== 401 && up.status !== 403 ? up.status : 502;
  const message = text
    ? redactUpstreamText(text.slice(0, 500), call.channel.keys, call.channel.baseUrl)
    : `upstream answered ${up.status}`;
  return relayError("task_upstream_status", { platform: "Video", upstream: `${up.status}: ${message}` }, { status });
}

/** Sends the built call, keeps the charge when the upstream answered a task id, and stores the row. */
async function run(
  s: VideoSubmit,
  call: TaskCall,
  vendor: VideoVendor,
  send: () => ReturnType<VideoVendor["remix"]>,
  props: Omit<VideoProps, "upstream_id" | "key_index">,
  action: string,
  key: string,
): Promise<TaskRow> {
  let up: { status: number; json: unknown };
  let upstreamId = "";
  try {
    const c = await send();
    if (!c) throw relayError("unsupported_endpoint", { path: s.path });
    up = await upstreamJson(c.url, { method: c.method, headers: c.headers, raw: c.body });
    upstreamId = up.status < 300 ? vendor.submittedId(up.json) : "";
  } catch (err) {
    await releaseTaskCall(call);
    throw err;
  }
  if (!upstreamId) {
    await releaseTaskCall(call);
    throw refusal(call, up);
  }
  const taskId = newVideoTaskId();
  const charged = await chargeTaskCall(call, taskId);
  const now = Math.floor(Date.now() / 1000);
  const full: VideoProps = {
    ...props,
    upstream_id: upstreamId,
    key_index: Math.max(0, call.channel.keys.indexOf(key)),
  };
  return db().task.create({
    data: {
      createdAt: now,
      updatedAt: now,
      taskId,
      platform: "video",
      userId: s.caller.user.id,
      tokenId: s.caller.token?.id ?? 0,
      ...taskFunding(call),
      group: s.caller.group,
      channelId: call.channel.id,
      quota: BigInt(charged),
      action,
      status: "SUBMITTED",
      submitTime: BigInt(now),
      progress: "0%",
      properties: JSON.stringify(full),
      // The task log shows `data`: the upstream's answer (its ids) is never stored there; the
      // poller writes the result link once the video is ready.
      data: "",
    },
  });
}

/** A new generation from a prompt (and an optional reference). */
export async function submitVideo(s: VideoSubmit, body: VideoBody): Promise<TaskRow> {
  const job = parseJob(body);
  let vendor: VideoVendor | null = null;
  const call = await prepareTaskCall({
    ...s,
    model: job.model,
    platform: "video",
    ratios: (channel) => {
      vendor = videoVendorFor(channel.type);
      const upstreamModel = mapModel(job.model, channel.modelMapping);
      return vendor?.ratios({ ...job, upstreamModel, json: body.json }) ?? {};
    },
  });
  const v = vendor ?? videoVendorFor(call.channel.type);
  if (!v) {
    await releaseTaskCall(call);
    throw relayError("channel_type_unsupported");
  }
  const upstreamModel = mapModel(job.model, call.channel.modelMapping);
  const full: VideoJob = { ...job, upstreamModel, fields: body.fields, files: body.files, json: body.json };
  const channel = { baseUrl: call.channel.baseUrl, key: call.key, other: call.channel.other };
  return run(
    s,
    call,
    v,
    () => v.submit(channel, full),
    {
      model: job.model,
      upstream_model: upstreamModel,
      seconds: call.price.ratios?.seconds ?? job.seconds,
      size: job.size || "720x1280",
      prompt: job.prompt,
      remixed_from: null,
    },
    v.action(full),
    channel.key,
  );
}

/** A remix of the caller's finished task: the origin's channel, model, seconds and size. */
export async function remixVideo(s: VideoSubmit, origin: TaskRow, body: VideoBody): Promise<TaskRow> {
  const prompt = (body.fields.prompt ?? "").trim();
  if (!prompt) throw invalidRequest("field prompt is required", "invalid_request");
  const p = videoProps(origin);
  let vendor: VideoVendor | null = null;
  const call = await prepareTaskCall({
    ...s,
    model: p.model,
    platform: "video",
    channelId: origin.channelId,
    ratios: (channel) => {
      vendor = videoVendorFor(channel.type);
      return vendor?.ratios({ seconds: p.seconds, size: p.size, upstreamModel: p.upstream_model, json: null }) ?? {};
    },
  });
  const v = vendor ?? videoVendorFor(call.channel.type);
  if (!v) {
    await releaseTaskCall(call);
    throw relayError("channel_type_unsupported");
  }
  const channel = {
    baseUrl: call.channel.baseUrl,
    key: call.channel.keys[p.key_index] ?? call.key,
    other: call.channel.other,
  };
  return run(
    s,
    call,
    v,
    () => v.remix(channel, p.upstream_id, prompt),
    { ...p, prompt, remixed_from: origin.taskId, result_url: undefined },
    "remixGenerate",
    channel.key,
  );
}
