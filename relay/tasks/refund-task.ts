import "server-only";

// Refund of a task that failed after the upstream accepted it (found by the background poll).
// Outside any request, so it goes through writeAfterFlush: pending relay deltas are written first,
// then the row's final state, the balances and the refund log in ONE transaction, guarded by the
// row's previous status so a task is never refunded twice (two polls, two instances).
import { db } from "@/lib/server/db";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateToken, invalidateUser } from "@/lib/server/cache/token-cache";
import { LOG_TYPE } from "@/lib/constants";

/** The fields of a midjourneys / tasks row a refund needs (status as it was read). */
export type TaskRowForRefund = {
  id: number;
  status: string;
  userId: number;
  tokenId: number;
  channelId: number;
  group: string;
  quota: bigint;
  /** The subscription that paid, 0 for the wallet, and its quota period (charge.ts taskFunding). */
  subscriptionId: number;
  subscriptionEpoch: number;
};

type Tx = Parameters<Parameters<ReturnType<typeof db>["$transaction"]>[0]>[0];

/**
 * Charges `delta` more (or gives it back, below 0) to whoever paid the task: its subscription, only
 * while the quota period it was charged in lasts (an ended period is not reopened), else the wallet.
 */
export async function chargeTaskFunding(
  tx: Tx,
  row: Pick<TaskRowForRefund, "userId" | "subscriptionId" | "subscriptionEpoch">,
  delta: number,
): Promise<void> {
  if (row.subscriptionId > 0)
    await tx.userSubscription.updateMany({
      where: { id: row.subscriptionId, quotaEpoch: row.subscriptionEpoch },
      data: { amountUsed: { increment: BigInt(delta) } },
    });
  else await tx.user.update({ where: { id: row.userId }, data: { quota: { decrement: BigInt(delta) } } });
}

export type FailedTask = {
  kind: "midjourney" | "task";
  /** The row as read; the update only applies if it still has that status. */
  row: TaskRowForRefund;
  update: Record<string, unknown>;
  modelName: string;
  content: string;
};

/** Marks the row failed and refunds its quota; answers whether this call did it. */
export async function refundFailedTask(failed: FailedTask): Promise<boolean> {
  const { row } = failed;
  const t = {
    ...failed,
    rowId: row.id,
    fromStatus: row.status,
    userId: row.userId,
    tokenId: row.tokenId,
    channelId: row.channelId,
    group: row.group,
    quota: Number(row.quota),
  };
  const done = await writeAfterFlush(
    () =>
      db().$transaction(async (tx) => {
        const where = { id: t.rowId, status: t.fromStatus };
        const n =
          t.kind === "midjourney"
            ? await tx.midjourney.updateMany({ where, data: t.update })
            : await tx.task.updateMany({ where, data: t.update });
        if (n.count !== 1 || t.quota <= 0) return n.count === 1;
        await chargeTaskFunding(tx, row, -t.quota);
        let tokenName = "";
        if (t.tokenId > 0) {
          const tok = await tx.token.findUnique({ where: { id: t.tokenId }, select: { name: true } });
          if (tok) {
            tokenName = tok.name;
            await tx.token.update({
              where: { id: t.tokenId },
              data: { remainQuota: { increment: t.quota }, usedQuota: { decrement: t.quota } },
            });
          }
        }
        const user = await tx.user.findUnique({ where: { id: t.userId }, select: { username: true } });
        await tx.log.create({
          data: {
            createdAt: Math.floor(Date.now() / 1000),
            type: LOG_TYPE.refund,
            content: t.content,
            userId: t.userId,
            username: user?.username ?? "",
            tokenId: t.tokenId,
            tokenName,
            modelName: t.modelName,
            quota: BigInt(t.quota),
            channelId: t.channelId,
            group: t.group,
            other: JSON.stringify({
              task_refund: true,
              task_kind: t.kind,
              task_row_id: t.rowId,
              ...(row.subscriptionId > 0
                ? { billing_source: "subscription", subscription_id: row.subscriptionId }
                : { billing_source: "wallet" }),
            }),
          },
        });
        return true;
      }),
    { userIds: [t.userId], tokenIds: t.tokenId > 0 ? [t.tokenId] : [] },
  );
  if (done && t.quota > 0) {
    invalidateUser(t.userId);
    if (t.tokenId > 0) invalidateToken(t.tokenId);
  }
  return done;
}

/**
 * A poll's unfinished rows grouped by channel. A row submitted before `cutoff` (in the unit of the
 * row's submitTime) is not polled again: it goes to `timedOut`, which fails and refunds it.
 */
export async function groupForPoll<R extends { submitTime: bigint; channelId: number }>(
  rows: R[],
  cutoff: number,
  timedOut: (row: R) => Promise<unknown>,
): Promise<Map<number, R[]>> {
  const byChannel = new Map<number, R[]>();
  for (const row of rows) {
    if (Number(row.submitTime) > 0 && Number(row.submitTime) < cutoff) {
      await timedOut(row);
      continue;
    }
    const list = byChannel.get(row.channelId) ?? [];
    list.push(row);
    byChannel.set(row.channelId, list);
  }
  return byChannel;
}
