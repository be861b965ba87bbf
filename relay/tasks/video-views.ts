import "server-only";

// What clients see of a video task, built from our `tasks` row only (never the upstream's answer, which
// carries the upstream's own ids and addresses): OpenAI's Video object (/v1/videos) and new-api's
// TaskDto (GET /v1/video/generations/{id}). The row's `properties` hold what the relay needs later.
import { randomBytes } from "node:crypto";
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { parseStoredJson } from "@/lib/json-text";
import { getOptions } from "@/lib/server/options/store";
import { invalidRequest, relayError } from "@/relay/kernel/error-codes";

/** The row's properties: the client's model, the upstream's id and what the task was priced on. */
export type VideoProps = {
  model: string;
  upstream_model: string;
  upstream_id: string;
  key_index: number;
  seconds: number;
  size: string;
  prompt: string;
  remixed_from: string | null;
  /** A result address the upstream handed out (some vendors); never shown to clients. */
  result_url?: string;
};

/** new-api's public task ids: "task_" and 32 letters or digits. */
export function newVideoTaskId(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return `task_${[...randomBytes(32)].map((b) => alphabet[b % alphabet.length]).join("")}`;
}

// Ids a client may send: ours, or another gateway's of the same shape. Anything else is refused
// before the database is asked.
const TASK_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function videoProps(row: TaskRow): VideoProps {
  const p = (parseStoredJson(row.properties) ?? {}) as Partial<VideoProps>;
  return {
    model: String(p.model ?? ""),
    upstream_model: String(p.upstream_model ?? p.model ?? ""),
    upstream_id: String(p.upstream_id ?? ""),
    key_index: Number(p.key_index ?? 0) || 0,
    seconds: Number(p.seconds ?? 0) || 0,
    size: String(p.size ?? ""),
    prompt: String(p.prompt ?? ""),
    remixed_from: typeof p.remixed_from === "string" ? p.remixed_from : null,
    result_url: typeof p.result_url === "string" ? p.result_url : undefined,
  };
}

/** The caller's own video task, or 404 (another user's id answers exactly as an unknown one). */
export async function findVideoTask(userId: number, id: string): Promise<TaskRow> {
  if (!TASK_ID.test(id)) throw invalidRequest("Invalid video id", "invalid_video_id");
  const row = await db().task.findFirst({ where: { userId, platform: "video", taskId: id } });
  if (!row) throw relayError("task_not_found", { id });
  return row;
}

const OPENAI_STATUS: Record<string, "queued" | "in_progress" | "completed" | "failed"> = {
  SUCCESS: "completed",
  FAILURE: "failed",
  IN_PROGRESS: "in_progress",
};

const percent = (p: string) => Math.max(0, Math.min(100, Number.parseInt(p, 10) || 0));

/** OpenAI's Video object. */
export function videoObject(row: TaskRow) {
  const p = videoProps(row);
  const status = OPENAI_STATUS[row.status] ?? "queued";
  return {
    id: row.taskId,
    task_id: row.taskId,
    object: "video",
    model: p.model,
    status,
    progress: status === "completed" ? 100 : percent(row.progress),
    created_at: Number(row.submitTime),
    completed_at: status === "completed" || status === "failed" ? Number(row.finishTime) || null : null,
    expires_at: null,
    prompt: p.prompt || null,
    seconds: String(p.seconds),
    size: p.size,
    remixed_from_video_id: p.remixed_from,
    error: status === "failed" ? { code: "video_generation_failed", message: row.failReason || "task failed" } : null,
  };
}

/** new-api's TaskDto, with the result link through this gateway once the task succeeded. */
export async function videoTaskDto(row: TaskRow) {
  const server = String((await getOptions()).get("ServerAddress") ?? "").replace(/\/+$/, "");
  return {
    id: row.id,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    task_id: row.taskId,
    platform: row.platform,
    user_id: row.userId,
    group: row.group,
    channel_id: row.channelId,
    quota: Number(row.quota),
    action: row.action,
    status: row.status,
    fail_reason: row.failReason,
    result_url: row.status === "SUCCESS" ? `${server}/v1/videos/${row.taskId}/content` : "",
    submit_time: Number(row.submitTime),
    start_time: Number(row.startTime),
    finish_time: Number(row.finishTime),
    progress: row.progress,
    data: videoObject(row),
  };
}
