import "server-only";

// Suno relay (channel type 36): POST /suno/submit/{music,lyrics} is forwarded to {base}/suno/submit/...
// with the channel key as bearer and billed per call (suno_music / suno_lyrics) when the upstream
// accepts ({code:"success", data:"<task id>"}); /suno/fetch answers from our `tasks` rows, which
// poll-suno.ts keeps current.
import type { ServerResponse } from "node:http";
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { parseStoredJson } from "@/lib/json-text";
import { snakeFields } from "@/lib/server/dto-fields";
import { sendJson } from "@/relay/kernel/http-io";
import { chargeTaskCall, prepareTaskCall, releaseTaskCall, taskFunding } from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import type { TaskRequest } from "@/relay/tasks/midjourney";
import { relayError } from "@/relay/kernel/error-codes";
import { ownValue } from "@/lib/own-keys";

const ACTIONS: Record<string, { action: string; model: string }> = {
  music: { action: "MUSIC", model: "suno_music" },
  lyrics: { action: "LYRICS", model: "suno_lyrics" },
};

export function sunoTaskView(row: TaskRow) {
  return {
    ...snakeFields(row, ["taskId", "action", "status", "failReason", "progress"]),
    submit_time: Number(row.submitTime),
    start_time: Number(row.startTime),
    finish_time: Number(row.finishTime),
    data: parseStoredJson(row.data),
  };
}

export async function submitSuno(res: ServerResponse, r: TaskRequest, kind: string): Promise<void> {
  const a = ownValue(ACTIONS, kind);
  if (!a) throw relayError("invalid_url", { method: "POST", path: r.path });
  const call = await prepareTaskCall({
    caller: r.caller,
    model: a.model,
    platform: "suno",
    requestId: r.requestId,
    path: r.path,
    ip: r.ip,
    channels: r.channels,
  });
  let up: { status: number; json: unknown };
  try {
    up = await upstreamJson(`${call.channel.baseUrl}/suno/submit/${kind}`, {
      method: "POST",
      headers: { authorization: `Bearer ${call.key}` },
      body: r.body,
    });
  } catch (err) {
    await releaseTaskCall(call);
    throw err;
  }
  const answer = (up.json ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const taskId = typeof answer.data === "string" ? answer.data : "";
  if (up.status >= 400 || answer.code !== "success" || !taskId) {
    await releaseTaskCall(call);
    if (up.json === null)
      throw relayError(
        "task_upstream_status",
        { platform: "Suno", upstream: up.status },
        { upstreamStatus: up.status },
      );
    return sendJson(res, up.status >= 400 ? up.status : 400, JSON.stringify(up.json), r.requestId);
  }
  const charged = await chargeTaskCall(call, taskId);
  const now = Math.floor(Date.now() / 1000);
  await db().task.create({
    data: {
      createdAt: now,
      updatedAt: now,
      taskId,
      platform: "suno",
      userId: r.caller.user.id,
      tokenId: r.caller.token?.id ?? 0,
      ...taskFunding(call),
      group: r.caller.group,
      channelId: call.channel.id,
      quota: BigInt(charged),
      action: a.action,
      status: "SUBMITTED",
      submitTime: BigInt(now),
      progress: "0%",
      properties: JSON.stringify({ model: a.model }),
    },
  });
  sendJson(res, 200, JSON.stringify({ code: "success", message: "", data: taskId }), r.requestId);
}

/** POST /suno/fetch {ids} and GET /suno/fetch/{id}, from our rows. */
export async function fetchSuno(res: ServerResponse, r: TaskRequest, ids: string[], single: boolean) {
  const rows = ids.length
    ? await db().task.findMany({
        where: { userId: r.caller.user.id, platform: "suno", taskId: { in: ids.slice(0, 100) } },
        orderBy: { id: "desc" },
      })
    : [];
  if (single && !rows[0]) throw relayError("task_not_found", { id: ids[0] ?? "" });
  const data = single ? sunoTaskView(rows[0]!) : rows.map(sunoTaskView);
  sendJson(res, 200, JSON.stringify({ code: "success", message: "", data }), r.requestId);
}
