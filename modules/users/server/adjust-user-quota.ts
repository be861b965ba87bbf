import "server-only";

// An admin's quota change (POST /api/user/manage add_quota, PUT /api/user/ quota). It runs inside the
// ledger queue (writeAfterFlush) so no relay charge is lost or double counted, moves the balance with
// relative SQL (add/subtract never read-modify-write), and writes a type-3 log naming the admin in
// the same transaction: no quota change without its audit row.
import { db, type Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { formatQuota } from "@/lib/format";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { QuotaMode } from "@/modules/users/schemas/user-admin";

export type QuotaChange = { before: bigint; after: bigint };

const VERB: Record<QuotaMode, string> = { add: "增加", subtract: "扣减", override: "设置" };

/** Writes the type-3 log of one quota change (caller's transaction). */
export async function logQuotaChange(
  tx: Prisma.TransactionClient,
  actor: Pick<CurrentUser, "id" | "username">,
  target: { id: number; username: string },
  mode: QuotaMode,
  change: QuotaChange,
): Promise<void> {
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  const money = (q: bigint) => formatQuota(Number(q), { inCurrency: true, quotaPerUnit, digits: 6 });
  const delta = change.after - change.before;
  await recordLog(
    {
      type: LOG_TYPE.manage,
      userId: target.id,
      username: target.username,
      quota: delta,
      content: `管理员 ${actor.username}（ID ${actor.id}）${VERB[mode]}用户额度：从 ${money(change.before)} 变为 ${money(change.after)}`,
      other: {
        admin_info: { admin_id: actor.id, admin_username: actor.username },
        mode,
        quota_before: Number(change.before),
        quota_after: Number(change.after),
      },
    },
    tx,
  );
}

export async function adjustUserQuota(
  actor: CurrentUser,
  target: { id: number; username: string },
  mode: QuotaMode,
  value: number,
): Promise<QuotaChange> {
  const amount = BigInt(value);
  const change = await writeAfterFlush(
    () =>
      db().$transaction(async (tx) => {
        let change: QuotaChange;
        if (mode === "override") {
          const row = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: { quota: true } });
          await tx.user.update({ where: { id: target.id }, data: { quota: amount } });
          change = { before: row.quota, after: amount };
        } else {
          // subtract never takes a balance below zero; the condition is part of the UPDATE itself.
          const moved = await tx.user.updateMany({
            where: { id: target.id, ...(mode === "subtract" ? { quota: { gte: amount } } : {}) },
            data: { quota: mode === "add" ? { increment: amount } : { decrement: amount } },
          });
          if (moved.count === 0) throw new AppError("bad_request", "user_quota_insufficient");
          const row = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: { quota: true } });
          change = { before: mode === "add" ? row.quota - amount : row.quota + amount, after: row.quota };
        }
        if (change.before !== change.after) await logQuotaChange(tx, actor, target, mode, change);
        return change;
      }),
    { userIds: [target.id] },
  );
  invalidateUser(target.id);
  return change;
}
