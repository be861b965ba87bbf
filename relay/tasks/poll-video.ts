import "server-only";

// One pass of the video poller: unfinished `tasks` rows (platform video), each asked of its channel's
// vendor with the upstream's own id and the key that submitted it. Rows take the upstream status and
// progress; a FAILURE (or a task older than TASK_TIMEOUT_MINUTES) is failed and refunded exactly once
// (refund-task.ts: guarded by the row's previous status, in one transaction with the balances). A
// success with usage tokens on a ratio-priced model is settled by them (settle-video-tokens.ts).
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { getOptions } from "@/lib/server/options/store";
import { getRouting, type CachedChannel } from "@/lib/server/cache/channel-cache";
import { videoVendorFor } from "@/relay/vendors";
import { taskTimeoutMs } from "@/relay/tasks/charge";
import { upstreamJson } from "@/relay/tasks/task-upstream";
import { groupForPoll, refundFailedTask } from "@/relay/tasks/refund-task";
import { videoProps } from "@/relay/tasks/video-views";
import { quotaByTokens, settleTaskByTokens } from "@/relay/tasks/settle-video-tokens";

const UNFINISHED = ["", "NOT_START", "SUBMITTED", "QUEUED", "IN_PROGRESS"];
/** new-api's progress steps for states without a number. */
const STEP: Record<string, string> = { QUEUED: "20%", IN_PROGRESS: "30%", SUCCESS: "100%", FAILURE: "100%" };

function fail(row: TaskRow, reason: string) {
  const now = Math.floor(Date.now() / 1000);
  return refundFailedTask({
    kind: "task",
    row,
    update: {
      status: "FAILURE",
      progress: "100%",
      failReason: reason.slice(0, 500),
      finishTime: BigInt(now),
      updatedAt: now,
    },
    modelName: videoProps(row).model,
    content: `视频任务 ${row.taskId} 失败，退还额度：${(reason || "unknown").slice(0, 300)}`,
  });
}

async function pollOne(channel: CachedChannel, row: TaskRow): Promise<void> {
  const vendor = videoVendorFor(channel.type);
  if (!vendor) return;
  const p = videoProps(row);
  const key = channel.keys[p.key_index] ?? channel.keys[0];
  if (!key || !p.upstream_id) return;
  // A call that cannot be built now (a token exchange failed) is tried again next pass, like an unreachable one.
  const call = await Promise.resolve()
    .then(() => vendor.poll({ baseUrl: channel.baseUrl, key, other: channel.other }, p.upstream_id, row.action))
    .catch(() => null);
  const up = call
    ? await upstreamJson(call.url, { method: call.method, headers: call.headers, raw: call.body }).catch(() => null)
    : null;
  // Unreachable, rate limited or a server error: asked again next pass (the timeout ends it).
  if (!up || up.status === 429 || up.status >= 500) return;
  const state = up.status < 400 ? vendor.parsePoll(up.json) : null;
  if (!state) {
    if (up.status === 404 || up.status === 400) await fail(row, `upstream answered ${up.status}`);
    return;
  }
  if (state.status === "FAILURE") {
    await fail(row, state.reason || "task failed");
    return;
  }
  const now = Math.floor(Date.now() / 1000);
  const progress =
    state.progress !== null && state.status !== "SUCCESS" ? `${Math.round(state.progress)}%` : STEP[state.status]!;
  const props = state.resultUrl ? JSON.stringify({ ...p, result_url: state.resultUrl }) : row.properties;
  // The task log's result link: the content through this gateway, never the upstream's address.
  const server = String((await getOptions()).get("ServerAddress") ?? "").replace(/\/+$/, "");
  const data =
    state.status === "SUCCESS" ? JSON.stringify({ result_url: `${server}/v1/videos/${row.taskId}/content` }) : row.data;
  const update = {
    status: state.status,
    progress,
    properties: props,
    data,
    startTime: row.startTime || (state.status !== "QUEUED" ? BigInt(now) : 0n),
    finishTime: state.status === "SUCCESS" ? row.finishTime || BigInt(now) : row.finishTime,
    updatedAt: now,
  };
  const tokens = state.status === "SUCCESS" ? (state.totalTokens ?? 0) : 0;
  const settled = tokens > 0 ? await quotaByTokens(p.model, row.group, tokens) : null;
  if (settled !== null) await settleTaskByTokens(row, update, settled, p.model, tokens);
  else await db().task.updateMany({ where: { id: row.id, status: row.status }, data: update });
}

export async function pollVideoTasks(): Promise<void> {
  const rows = await db().task.findMany({
    where: { platform: "video", status: { in: UNFINISHED }, taskId: { not: "" } },
    orderBy: { id: "asc" },
    take: 1000,
  });
  const byChannel = await groupForPoll(rows, Math.floor((Date.now() - taskTimeoutMs()) / 1000), (row) =>
    fail(row, "task timeout"),
  );
  const routing = await getRouting();
  for (const [channelId, list] of byChannel) {
    const channel = routing.byId.get(channelId);
    if (!channel) continue;
    for (const row of list) await pollOne(channel, row);
  }
}
