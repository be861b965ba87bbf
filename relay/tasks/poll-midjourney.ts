import "server-only";

// One pass of the Midjourney poller: unfinished tasks grouped by channel, asked of the channel with
// POST {base}/mj/task/list-by-condition {ids}; rows take the upstream state; a FAILURE refunds the
// task's quota (refund-task.ts). Tasks older than TASK_TIMEOUT_MINUTES fail and are refunded too.
// Kept a single exported function so the multi-instance issue can run it under a cluster lease.
import type { Midjourney as MidjourneyRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { getRouting } from "@/lib/server/cache/channel-cache";
import { taskTimeoutMs } from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import { mjModelName } from "@/relay/tasks/mj-actions";
import { groupForPoll, refundFailedTask } from "@/relay/tasks/refund-task";

const UNFINISHED = ["", "NOT_START", "SUBMITTED", "IN_PROGRESS", "MODAL"];
const BATCH = 100;

type UpstreamTask = {
  id?: unknown;
  status?: unknown;
  progress?: unknown;
  imageUrl?: unknown;
  videoUrl?: unknown;
  failReason?: unknown;
  promptEn?: unknown;
  description?: unknown;
  state?: unknown;
  startTime?: unknown;
  finishTime?: unknown;
  buttons?: unknown;
  properties?: unknown;
};

const str = (v: unknown, d = ""): string => (typeof v === "string" ? v : d);
const ms = (v: unknown, d: bigint): bigint => (typeof v === "number" && v > 0 ? BigInt(Math.round(v)) : d);

function updateFrom(row: MidjourneyRow, t: UpstreamTask): Record<string, unknown> {
  const status = str(t.status, row.status);
  const done = status === "SUCCESS" || status === "FAILURE";
  // A finished task always gets a finish time and full progress, as Suno rows do, even when the
  // upstream leaves them out (the drawing log shows the duration from them).
  const finishTime = ms(t.finishTime, row.finishTime || (done ? BigInt(Date.now()) : 0n));
  return {
    status,
    progress: str(t.progress) || (done ? "100%" : row.progress),
    imageUrl: str(t.imageUrl, row.imageUrl),
    videoUrl: str(t.videoUrl, row.videoUrl),
    failReason: str(t.failReason, row.failReason),
    promptEn: str(t.promptEn, row.promptEn),
    description: str(t.description, row.description),
    state: str(t.state, row.state),
    startTime: ms(t.startTime, row.startTime),
    finishTime,
    ...(t.buttons !== undefined ? { buttons: JSON.stringify(t.buttons) } : {}),
    ...(t.properties !== undefined ? { properties: JSON.stringify(t.properties) } : {}),
  };
}

function failure(row: MidjourneyRow, update: Record<string, unknown>, reason: string) {
  return refundFailedTask({
    kind: "midjourney",
    row,
    update,
    modelName: mjModelName(row.action),
    content: `Midjourney 任务 ${row.mjId}（${row.action}）失败，退还额度：${(reason || "unknown").slice(0, 300)}`,
  });
}

async function pollChannel(channelId: number, rows: MidjourneyRow[]): Promise<void> {
  const channel = (await getRouting()).byId.get(channelId);
  if (!channel?.keys[0]) return; // disabled or deleted channel: kept for when it comes back (or times out)
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const up = await upstreamJson(`${channel.baseUrl}/mj/task/list-by-condition`, {
      method: "POST",
      headers: { "mj-api-secret": channel.keys[0] },
      body: { ids: batch.map((r) => r.mjId) },
    }).catch(() => null);
    if (!up || up.status >= 400 || !Array.isArray(up.json)) continue;
    const byId = new Map((up.json as UpstreamTask[]).map((t) => [str(t.id), t]));
    for (const row of batch) {
      const t = byId.get(row.mjId);
      if (!t) continue;
      const update = updateFrom(row, t);
      if (update.status === "FAILURE") await failure(row, update, str(update.failReason));
      else await db().midjourney.updateMany({ where: { id: row.id, status: row.status }, data: update });
    }
  }
}

export async function pollMidjourneyTasks(): Promise<void> {
  const rows = await db().midjourney.findMany({
    where: { code: 1, status: { in: UNFINISHED }, mjId: { not: "" } },
    orderBy: { id: "asc" },
    take: 1000,
  });
  const byChannel = await groupForPoll(rows, Date.now() - taskTimeoutMs(), (row) =>
    failure(
      row,
      { status: "FAILURE", progress: "100%", failReason: "task timeout", finishTime: BigInt(Date.now()) },
      "task timeout",
    ),
  );
  for (const [channelId, list] of byChannel) await pollChannel(channelId, list);
}
