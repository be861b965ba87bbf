import "server-only";

// new-api's settlement of a finished video task by the upstream's usage tokens (Doubao Seedance): when
// the model is priced by a ModelRatio (no fixed ModelPrice), the task charged ratio / 2 on submit and
// costs totalTokens × ModelRatio × GroupRatio once done. The difference is charged or given back exactly
// once: in ONE transaction with the row's move to SUCCESS (guarded by its previous status, so two polls
// or two instances settle it once), the balances and a log row (consume for more, refund for less).
import type { Task as TaskRow } from "@/lib/generated/sqlite/client";
import { db } from "@/lib/server/db";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { getPriceTable } from "@/lib/server/ledger/pricing";
import { invalidateToken, invalidateUser } from "@/lib/server/cache/token-cache";
import { ownValue } from "@/lib/own-keys";
import { LOG_TYPE } from "@/lib/constants";
import { chargeTaskFunding } from "@/relay/tasks/refund-task";

/** The task's quota by its tokens, or null when the model is not ratio-priced (the submit's charge stands). */
export async function quotaByTokens(model: string, group: string, totalTokens: number): Promise<number | null> {
  const table = await getPriceTable();
  if (typeof ownValue(table.modelPrice, model) === "number") return null;
  const ratio = ownValue(table.modelRatio, model);
  if (typeof ratio !== "number" || !(ratio > 0)) return null;
  const own = ownValue(table.groupRatio, group);
  const groupRatio = typeof own === "number" && Number.isFinite(own) ? own : 1;
  return Math.trunc(totalTokens * ratio * groupRatio);
}

/** Applies `update` (the move to SUCCESS) and the charge's difference to `quota`; whether this call did it. */
export async function settleTaskByTokens(
  row: TaskRow,
  update: Record<string, unknown>,
  quota: number,
  model: string,
  totalTokens: number,
): Promise<boolean> {
  const delta = quota - Number(row.quota);
  const tokenId = row.tokenId;
  const done = await writeAfterFlush(
    () =>
      db().$transaction(async (tx) => {
        const n = await tx.task.updateMany({
          where: { id: row.id, status: row.status },
          data: { ...update, quota: BigInt(quota) },
        });
        if (n.count !== 1 || delta === 0) return n.count === 1;
        await chargeTaskFunding(tx, row, delta);
        let tokenName = "";
        if (tokenId > 0) {
          const tok = await tx.token.findUnique({ where: { id: tokenId }, select: { name: true } });
          if (tok) {
            tokenName = tok.name;
            await tx.token.update({
              where: { id: tokenId },
              data: { remainQuota: { decrement: delta }, usedQuota: { increment: delta } },
            });
          }
        }
        const user = await tx.user.findUnique({ where: { id: row.userId }, select: { username: true } });
        await tx.log.create({
          data: {
            createdAt: Math.floor(Date.now() / 1000),
            type: delta > 0 ? LOG_TYPE.consume : LOG_TYPE.refund,
            content: `视频任务 ${row.taskId} 按实际用量 ${totalTokens} tokens 结算，${delta > 0 ? "补扣" : "退还"}额度 ${Math.abs(delta)}`,
            userId: row.userId,
            username: user?.username ?? "",
            tokenId,
            tokenName,
            modelName: model,
            quota: BigInt(Math.abs(delta)),
            channelId: row.channelId,
            group: row.group,
            other: JSON.stringify({
              task_settle: true,
              task_row_id: row.id,
              total_tokens: totalTokens,
              ...(row.subscriptionId > 0
                ? { billing_source: "subscription", subscription_id: row.subscriptionId }
                : { billing_source: "wallet" }),
            }),
          },
        });
        return true;
      }),
    { userIds: [row.userId], tokenIds: tokenId > 0 ? [tokenId] : [] },
  );
  if (done && delta !== 0) {
    invalidateUser(row.userId);
    if (tokenId > 0) invalidateToken(tokenId);
  }
  return done;
}
