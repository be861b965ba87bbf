import "server-only";

// Midjourney-proxy relay (channel types 2 "Midjourney" and 5 "Midjourney-Plus"): submit calls are
// forwarded to {base}{path} with `mj-api-secret: <channel key>` and billed per call; task queries
// are answered from our own `midjourneys` rows (kept current by poll-midjourney.ts).
import type { ServerResponse } from "node:http";
import type { Midjourney as MidjourneyRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { getOptions } from "@/lib/server/options/store";
import type { RelayCaller } from "@/relay/kernel/context";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { sendJson } from "@/relay/kernel/http-io";
import { chargeTaskCall, prepareTaskCall, releaseTaskCall, taskFunding, type TaskChannels } from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import { mjAction, mjModelName, MJ_SUBMIT_PATHS, originTaskId } from "@/relay/tasks/mj-actions";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";

export type TaskRequest = {
  requestId: string;
  ip: string;
  caller: RelayCaller;
  /** The client's path, e.g. /mj/submit/imagine or /fast/mj/submit/imagine. */
  path: string;
  /** The path after the /mj prefix, e.g. /submit/imagine. */
  subPath: string;
  body: Record<string, unknown>;
  channels: TaskChannels;
};

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** A row in midjourney-proxy's task shape; image URLs go through our proxy when forwarding is on. */
export function mjTaskView(row: MidjourneyRow, forwardBase: string | null) {
  const imageUrl =
    forwardBase && row.imageUrl
      ? `${forwardBase.replace(/\/+$/, "")}/mj/image/${encodeURIComponent(row.mjId)}`
      : row.imageUrl;
  return {
    id: row.mjId,
    action: row.action,
    prompt: row.prompt,
    promptEn: row.promptEn,
    description: row.description,
    state: row.state,
    submitTime: Number(row.submitTime),
    startTime: Number(row.startTime),
    finishTime: Number(row.finishTime),
    imageUrl,
    videoUrl: row.videoUrl,
    status: row.status,
    progress: row.progress,
    failReason: row.failReason,
    buttons: parseJson(row.buttons) ?? [],
    properties: parseJson(row.properties) ?? {},
  };
}

async function forwardBase(): Promise<string | null> {
  const o = await getOptions();
  return o.bool("MjForwardUrlEnabled") ? o.str("ServerAddress") : null;
}

const MODE_FLAGS = /\s--(fast|relax|turbo)\b/gi;

export async function submitMidjourney(res: ServerResponse, r: TaskRequest): Promise<void> {
  if (!MJ_SUBMIT_PATHS.has(r.subPath)) throw relayError("invalid_url", { method: "POST", path: r.path });
  const action = mjAction(r.subPath, r.body);
  if (!action) throw invalidRequest("Cannot tell the Midjourney action from this request", "mj_action_unknown");
  const options = await getOptions();
  // A follow-up (upscale, variation, ...) must go to the channel that holds the original task.
  let channelId: number | undefined;
  const originId = originTaskId(r.subPath, r.body);
  if (originId) {
    const origin = await db().midjourney.findFirst({ where: { mjId: originId, userId: r.caller.user.id } });
    if (!origin) throw relayError("task_not_found", { id: originId ?? "" });
    if (options.bool("MjActionCheckSuccessEnabled") && r.subPath !== "/submit/modal")
      if (origin.status !== "SUCCESS")
        throw invalidRequest(`Task ${originId} has not succeeded yet (status ${origin.status})`, "task_status_error");
    channelId = origin.channelId;
  }
  const body = { ...r.body };
  if (options.bool("MjModeClearEnabled") && typeof body.prompt === "string")
    body.prompt = body.prompt.replace(MODE_FLAGS, "");
  // We poll; an upstream callback to a client-chosen address is only passed on when enabled.
  if (!options.bool("MjNotifyEnabled")) delete body.notifyHook;
  // Choosing the upstream's Discord account is an admin-granted feature (new-api's behaviour).
  if (!options.bool("MjAccountFilterEnabled")) delete body.accountFilter;

  const model = mjModelName(action);
  const call = await prepareTaskCall({
    caller: r.caller,
    model,
    platform: "midjourney",
    requestId: r.requestId,
    path: r.path,
    ip: r.ip,
    channels: r.channels,
    channelId,
  });
  let up: { status: number; json: unknown };
  try {
    up = await upstreamJson(`${call.channel.baseUrl}${r.path}`, {
      method: "POST",
      headers: { "mj-api-secret": call.key },
      body,
    });
  } catch (err) {
    await releaseTaskCall(call);
    throw err;
  }
  const answer = (up.json ?? {}) as { code?: unknown; description?: unknown; result?: unknown };
  let code = Number(answer.code);
  if (code === 21 || code === 22) code = 1; // queued / duplicate: the task exists, it is billed
  if (up.status >= 400 || code !== 1) {
    await releaseTaskCall(call);
    if (up.json === null)
      throw relayError(
        "task_upstream_status",
        { platform: "Midjourney", upstream: up.status },
        { upstreamStatus: up.status },
      );
    return sendJson(res, up.status >= 400 ? up.status : 200, JSON.stringify(up.json), r.requestId);
  }
  const taskId = typeof answer.result === "string" ? answer.result : "";
  const charged = await chargeTaskCall(call, taskId);
  if (taskId) {
    await db().midjourney.create({
      data: {
        code: 1,
        userId: r.caller.user.id,
        tokenId: r.caller.token?.id ?? 0,
        ...taskFunding(call),
        group: r.caller.group,
        action,
        mjId: taskId,
        prompt: typeof body.prompt === "string" ? body.prompt : "",
        description: typeof answer.description === "string" ? answer.description : "",
        submitTime: BigInt(Date.now()),
        status: "SUBMITTED",
        progress: "0%",
        channelId: call.channel.id,
        quota: BigInt(charged),
        properties:
          answer && typeof answer === "object" && "properties" in answer ? JSON.stringify(answer.properties) : "",
      },
    });
  }
  sendJson(res, 200, JSON.stringify(up.json), r.requestId);
}

/** GET /mj/task/{id}/fetch and POST /mj/task/list-by-condition, from our rows. */
export async function fetchMidjourney(res: ServerResponse, r: TaskRequest, ids: string[], single: boolean) {
  const rows = ids.length
    ? await db().midjourney.findMany({
        where: { userId: r.caller.user.id, mjId: { in: ids.slice(0, 100) } },
        orderBy: { id: "desc" },
      })
    : [];
  const base = await forwardBase();
  if (single) {
    if (!rows[0]) throw relayError("task_not_found", { id: ids[0] ?? "" });
    return sendJson(res, 200, JSON.stringify(mjTaskView(rows[0], base)), r.requestId);
  }
  sendJson(res, 200, JSON.stringify(rows.map((row) => mjTaskView(row, base))), r.requestId);
}

/** GET /mj/task/{id}/image-seed: asked of the channel that ran the task. */
export async function imageSeedMidjourney(res: ServerResponse, r: TaskRequest, id: string) {
  const row = await db().midjourney.findFirst({ where: { userId: r.caller.user.id, mjId: id } });
  if (!row) throw relayError("task_not_found", { id: id ?? "" });
  const channel = (await getRouting()).byId.get(row.channelId);
  if (!channel?.keys[0]) throw relayError("task_channel_gone");
  const up = await upstreamJson(`${channel.baseUrl}/mj/task/${encodeURIComponent(id)}/image-seed`, {
    method: "GET",
    headers: { "mj-api-secret": channel.keys[0] },
  });
  sendJson(res, up.status >= 400 ? up.status : 200, JSON.stringify(up.json ?? {}), r.requestId);
}
