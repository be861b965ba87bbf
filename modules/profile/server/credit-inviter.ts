import "server-only";

// The inviter's reward (QuotaForInviter into aff_quota and aff_history_quota, with its log) is paid
// when the invitee first pays: the first credited online top-up or the first redeemed code that is
// not a gift (review 3 L8). Paid at sign-up, as new-api does, it was farmed by scripted sign-ups
// with one invite code: registration needs no verification by default, so each sign-up cost the
// farmer nothing. Sign-up still counts the invitee (aff_count) and gives QuotaForInvitee.
//
// Called inside the top-up's transaction, AFTER it raised the invitee's quota: that update locks
// the invitee's row, so two first top-ups racing (PostgreSQL, read committed) are serialised, and
// the second one's count below sees the first one's rows: the inviter is paid exactly once.
import type { Prisma } from "@/lib/server/db";
import { getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE, TOPUP_STATUS } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { formatQuota } from "@/lib/format";

export async function creditInviterOnFirstPayment(tx: Prisma.TransactionClient, inviteeId: number): Promise<void> {
  const invitee = await tx.user.findUnique({ where: { id: inviteeId }, select: { inviterId: true } });
  if (!invitee || invitee.inviterId === 0) return;
  const orders = await tx.topUp.count({ where: { userId: inviteeId, status: TOPUP_STATUS.success } });
  const codes = await tx.redemptionUse.count({ where: { userId: inviteeId, redemption: { isGift: false } } });
  if (orders + codes !== 1) return;
  const reward = await getNumberOption("QuotaForInviter");
  if (!(reward > 0)) return;
  const inviter = await tx.user.findFirst({
    where: { id: invitee.inviterId, deletedAt: null },
    select: { id: true, username: true },
  });
  if (!inviter) return;
  await tx.user.update({
    where: { id: inviter.id },
    data: { affQuota: { increment: BigInt(reward) }, affHistoryQuota: { increment: BigInt(reward) } },
  });
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  const money = formatQuota(reward, { inCurrency: true, quotaPerUnit, digits: 6 });
  await recordLog(
    { type: LOG_TYPE.system, userId: inviter.id, username: inviter.username, content: `邀请用户赠送 ${money} 额度` },
    tx,
  );
}
