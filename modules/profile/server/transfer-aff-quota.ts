import "server-only";

// POST /api/user/aff_transfer {quota}: moves invite rewards (aff_quota) into the balance.
// At least one unit (QuotaPerUnit) and at most the pending aff_quota.
//
// No overdraft under concurrency: aff_quota is decremented by ONE conditional UPDATE
// (WHERE aff_quota >= quota) whose affected-row count decides, in the same transaction as the
// balance credit and the log; PostgreSQL re-checks the WHERE on the locked row and SQLite serialises
// writers. The credit runs inside the relay ledger's queue like every balance change outside the relay.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { assertUserCriticalAllowed } from "@/modules/profile/server/assert-user-critical-allowed";
import { formatQuota } from "@/lib/format";

export async function transferAffQuota(user: { id: number; username: string }, quota: number): Promise<number> {
  await assertUserCriticalAllowed("aff_transfer", user.id);
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  const minimum = Math.max(1, Math.ceil(quotaPerUnit));
  if (quota < minimum) {
    throw new AppError("bad_request", "me_aff_transfer_min", {
      amount: formatQuota(minimum, { inCurrency: true, quotaPerUnit }),
    });
  }
  const moved = await writeAfterFlush(() => moveAffQuota(user, quota, quotaPerUnit), { userIds: [user.id] });
  invalidateUser(user.id);
  return moved;
}

/** The transaction itself; exported for the concurrency tests that bypass the in-process queue. */
export function moveAffQuota(
  user: { id: number; username: string },
  quota: number,
  quotaPerUnit: number,
): Promise<number> {
  return db().$transaction(async (tx) => {
    const amount = BigInt(quota);
    const taken = await tx.user.updateMany({
      where: { id: user.id, affQuota: { gte: amount } },
      data: { affQuota: { decrement: amount } },
    });
    if (taken.count === 0) throw new AppError("bad_request", "me_aff_quota_insufficient");
    await tx.user.update({ where: { id: user.id }, data: { quota: { increment: amount } } });
    const money = formatQuota(quota, { inCurrency: true, quotaPerUnit, digits: 6 });
    await recordLog(
      {
        type: LOG_TYPE.system,
        userId: user.id,
        username: user.username,
        quota,
        content: `邀请额度划转到余额 ${money} 额度`,
      },
      tx,
    );
    return quota;
  });
}
