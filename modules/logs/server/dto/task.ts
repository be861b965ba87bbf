import "server-only";

// Drawing tasks and task records as the console shows them (new-api's snake_case fields). The
// channel (and a task's routing properties) are admin-only: users see their rows without them.
import type { Midjourney as MidjourneyRow, Task as TaskRow } from "@/lib/generated/sqlite/client";
import { parseStoredJson } from "@/lib/json-text";
import { snakeFields } from "@/lib/server/dto-fields";

export type TaskView = { admin: boolean };

/**
 * `forwardBase` is set when MjForwardUrlEnabled is on: image URLs then point at this server's image
 * proxy (`{ServerAddress}/mj/image/{mj_id}`) instead of the upstream's.
 */
export function toMidjourneyDto(row: MidjourneyRow, view: TaskView & { forwardBase?: string }) {
  const imageUrl =
    view.forwardBase && row.imageUrl && row.mjId
      ? `${view.forwardBase.replace(/\/+$/, "")}/mj/image/${encodeURIComponent(row.mjId)}`
      : row.imageUrl;
  return {
    id: row.id,
    code: row.code,
    user_id: row.userId,
    action: row.action,
    mj_id: row.mjId,
    prompt: row.prompt,
    prompt_en: row.promptEn,
    description: row.description,
    state: row.state,
    submit_time: Number(row.submitTime),
    start_time: Number(row.startTime),
    finish_time: Number(row.finishTime),
    image_url: imageUrl,
    video_url: row.videoUrl,
    status: row.status,
    progress: row.progress,
    fail_reason: row.failReason,
    quota: Number(row.quota),
    buttons: row.buttons,
    properties: row.properties,
    ...(view.admin ? { channel_id: row.channelId } : {}),
  };
}
export type MidjourneyDto = ReturnType<typeof toMidjourneyDto>;

// prettier-ignore
const plainTaskFields = [
  "id", "createdAt", "updatedAt", "taskId", "platform", "userId", "group", "action", "status", "failReason", "progress",
] as const;

export function toTaskDto(row: TaskRow, view: TaskView) {
  return {
    ...snakeFields(row, plainTaskFields),
    quota: Number(row.quota),
    submit_time: Number(row.submitTime),
    start_time: Number(row.startTime),
    finish_time: Number(row.finishTime),
    // the upstream result is stored as JSON text
    data: parseStoredJson(row.data),
    ...(view.admin ? { channel_id: row.channelId, properties: row.properties } : {}),
  };
}
export type TaskDto = ReturnType<typeof toTaskDto>;
