import "server-only";

// POST /api/user/topup {key}: a user redeems a code.
//
// Atomic under concurrency on SQLite and PostgreSQL, with no read-then-write race:
// - the claim is ONE conditional UPDATE (status = 1, not deleted, used_count < max_uses unless -1)
//   that increments used_count; PostgreSQL re-checks the WHERE on the locked row, so of N concurrent
//   claims only max_uses can match;
// - the RedemptionUse row (unique per code and user) is inserted in the same transaction, so a user
//   redeems a given code at most once (gift codes included: a gift is one per person), and a
//   duplicate rolls the claim back;
// - the user's quota rises (relative increment) and the top-up log (type 1) is written in the same
//   transaction, inside the relay ledger's queue (writeAfterFlush), so no relay charge is lost.
// The reasons are told apart (disabled, used, not yet valid, expired) because failed attempts are
// rate-limited per user, which makes guessing keys useless.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume } from "@/lib/server/http/rate-limit";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { REDEMPTION_STATUS } from "@/modules/redemptions/schemas";
import { formatQuota } from "@/lib/format";
import { creditInviterOnFirstPayment } from "@/modules/profile/server";

export type RedeemResult = { quota: number; is_gift: boolean };

export async function redeemCode(user: { id: number; username: string }, key: string): Promise<RedeemResult> {
  const wait = await blockedFor("redeem_failures", String(user.id));
  if (wait > 0) throw new AppError("rate_limited", "redemption_too_many_failures", { seconds: wait });
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  try {
    const result = await writeAfterFlush(() => claimAndCredit(user, key, quotaPerUnit), { userIds: [user.id] });
    invalidateUser(user.id);
    return result;
  } catch (err) {
    if (err instanceof AppError && err.key.startsWith("redemption_")) await consume("redeem_failures", String(user.id));
    throw err;
  }
}

/** The transaction itself; exported for the concurrency tests that bypass the in-process queue. */
export function claimAndCredit(
  user: { id: number; username: string },
  key: string,
  quotaPerUnit: number,
): Promise<RedeemResult> {
  return db().$transaction(async (tx) => {
    const now = Math.floor(Date.now() / 1000);
    const code = await tx.redemption.findUnique({ where: { key } });
    if (!code || code.deletedAt) throw new AppError("bad_request", "redemption_invalid_key");
    if (code.status === REDEMPTION_STATUS.disabled) throw new AppError("bad_request", "redemption_disabled");
    if (code.status !== REDEMPTION_STATUS.unused) throw new AppError("bad_request", "redemption_used");
    if (code.validFrom > 0n && now < code.validFrom) throw new AppError("bad_request", "redemption_not_yet_valid");
    if (code.validUntil > 0n && now >= code.validUntil) throw new AppError("bad_request", "redemption_expired");

    const claimed = await tx.redemption.updateMany({
      where: {
        id: code.id,
        status: REDEMPTION_STATUS.unused,
        deletedAt: null,
        OR: [{ maxUses: -1 }, { usedCount: { lt: db().redemption.fields.maxUses } }],
      },
      data: { usedCount: { increment: 1 }, redeemedTime: now, usedUserId: user.id },
    });
    if (claimed.count === 0) throw new AppError("bad_request", "redemption_used");
    try {
      await tx.redemptionUse.create({
        data: { redemptionId: code.id, userId: user.id, quota: code.quota, createdAt: now },
      });
    } catch (err) {
      if ((err as { code?: string } | null)?.code === "P2002")
        throw new AppError("bad_request", "redemption_already_redeemed");
      throw err;
    }
    // The last use turns the code into "used" (3).
    await tx.redemption.updateMany({
      where: { id: code.id, maxUses: { not: -1 }, usedCount: { gte: db().redemption.fields.maxUses } },
      data: { status: REDEMPTION_STATUS.used },
    });
    await tx.user.update({ where: { id: user.id }, data: { quota: { increment: code.quota } } });
    // After the quota update, which locks the user's row (why: credit-inviter.ts).
    await creditInviterOnFirstPayment(tx, user.id);
    const money = formatQuota(Number(code.quota), { inCurrency: true, quotaPerUnit, digits: 6 });
    await recordLog(
      {
        type: LOG_TYPE.topup,
        userId: user.id,
        username: user.username,
        quota: code.quota,
        content: `通过兑换码充值 ${money} 额度，兑换码ID ${code.id}`,
        other: { redemption_id: code.id, is_gift: code.isGift },
      },
      tx,
    );
    return { quota: Number(code.quota), is_gift: code.isGift };
  });
}
