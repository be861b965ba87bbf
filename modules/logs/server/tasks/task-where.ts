import "server-only";

// WHERE clauses of the drawing-task and task-record lists: a user's own rows (self) or everyone's
// with the admin-only channel filter. Ids match exactly, as in new-api.
import type { MjListQuery, TaskListQuery } from "@/modules/logs/schemas/task";
import type { Prisma } from "@/lib/server/db";

export type TaskScope = { selfUserId: number } | { admin: true };

function submitRange(q: { start_timestamp?: number; end_timestamp?: number }) {
  if (q.start_timestamp === undefined && q.end_timestamp === undefined) return undefined;
  return {
    ...(q.start_timestamp !== undefined ? { gte: q.start_timestamp } : {}),
    ...(q.end_timestamp !== undefined ? { lte: q.end_timestamp } : {}),
  };
}

function ownerAndChannel(q: { channel_id?: number }, scope: TaskScope) {
  if ("selfUserId" in scope) return { userId: scope.selfUserId };
  return q.channel_id ? { channelId: q.channel_id } : {};
}

/** Drawing tasks: submit_time and the range are unix milliseconds. */
export function mjWhere(q: MjListQuery, scope: TaskScope): Prisma.MidjourneyWhereInput {
  const submitTime = submitRange(q);
  return { ...ownerAndChannel(q, scope), ...(q.mj_id ? { mjId: q.mj_id } : {}), ...(submitTime ? { submitTime } : {}) };
}

/** Task records: submit_time and the range are unix seconds. */
export function taskWhere(q: TaskListQuery, scope: TaskScope): Prisma.TaskWhereInput {
  const submitTime = submitRange(q);
  return {
    ...ownerAndChannel(q, scope),
    ...(q.task_id ? { taskId: q.task_id } : {}),
    ...(submitTime ? { submitTime } : {}),
  };
}
