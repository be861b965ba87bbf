import "server-only";

// One pass of the Suno poller: unfinished `tasks` rows (platform suno) grouped by channel, asked of
// the channel with POST {base}/suno/fetch {ids}; rows take the upstream status, progress and data;
// a FAILURE (or a task older than TASK_TIMEOUT_MINUTES) is refunded (refund-task.ts).
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { taskTimeoutMs } from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import { groupForPoll, refundFailedTask } from "@/relay/tasks/refund-task";

const UNFINISHED = ["", "NOT_START", "SUBMITTED", "QUEUED", "IN_PROGRESS"];
const BATCH = 100;

// Every field is checked before use: the upstream is not trusted.
type UpstreamTask = Partial<
  Record<"task_id" | "status" | "progress" | "fail_reason" | "start_time" | "finish_time" | "data", unknown>
>;

const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
const secs = (v: unknown, d: bigint): bigint => (typeof v === "number" && v > 0 ? BigInt(Math.round(v)) : d);

function failure(row: TaskRow, update: Record<string, unknown>, reason: string) {
  return refundFailedTask({
    kind: "task",
    row,
    update,
    modelName: row.action === "LYRICS" ? "suno_lyrics" : "suno_music",
    content: `Suno 任务 ${row.taskId}（${row.action}）失败，退还额度：${(reason || "unknown").slice(0, 300)}`,
  });
}

async function pollChannel(channelId: number, rows: TaskRow[]): Promise<void> {
  const channel = (await getRouting()).byId.get(channelId);
  if (!channel?.keys[0]) return;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const up = await upstreamJson(`${channel.baseUrl}/suno/fetch`, {
      method: "POST",
      headers: { authorization: `Bearer ${channel.keys[0]}` },
      body: { ids: batch.map((r) => r.taskId) },
    }).catch(() => null);
    const list = (up?.json as { data?: unknown } | null)?.data;
    if (!up || up.status >= 400 || !Array.isArray(list)) continue;
    const byId = new Map((list as UpstreamTask[]).map((t) => [str(t.task_id), t]));
    const now = Math.floor(Date.now() / 1000);
    for (const row of batch) {
      const t = byId.get(row.taskId);
      if (!t) continue;
      const status = str(t.status, row.status).toUpperCase();
      const update = {
        status,
        progress: str(t.progress, status === "SUCCESS" || status === "FAILURE" ? "100%" : row.progress),
        failReason: str(t.fail_reason, row.failReason),
        startTime: secs(t.start_time, row.startTime || (status === "IN_PROGRESS" ? BigInt(now) : 0n)),
        finishTime: secs(
          t.finish_time,
          row.finishTime || (status === "SUCCESS" || status === "FAILURE" ? BigInt(now) : 0n),
        ),
        ...(t.data !== undefined && t.data !== null ? { data: JSON.stringify(t.data) } : {}),
        updatedAt: now,
      };
      if (status === "FAILURE") await failure(row, update, update.failReason);
      else await db().task.updateMany({ where: { id: row.id, status: row.status }, data: update });
    }
  }
}

export async function pollSunoTasks(): Promise<void> {
  const rows = await db().task.findMany({
    where: { platform: "suno", status: { in: UNFINISHED }, taskId: { not: "" } },
    orderBy: { id: "asc" },
    take: 1000,
  });
  // Suno rows count in seconds.
  const byChannel = await groupForPoll(rows, Math.floor((Date.now() - taskTimeoutMs()) / 1000), (row) => {
    const now = Math.floor(Date.now() / 1000);
    return failure(
      row,
      { status: "FAILURE", progress: "100%", failReason: "task timeout", finishTime: BigInt(now), updatedAt: now },
      "task timeout",
    );
  });
  for (const [channelId, list] of byChannel) await pollChannel(channelId, list);
}
