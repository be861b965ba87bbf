import "server-only";

// What every new account gets, however it registered (password form or OAuth): QuotaForNewUser,
// and with a valid invite code QuotaForInvitee for the newcomer and aff_count + 1 for the inviter,
// each written to the logs. Runs inside the registration transaction. The inviter's QuotaForInviter
// waits for the invitee's first payment (credit-inviter.ts): paid here, scripted sign-ups farmed it.
import { db, type Prisma } from "@/lib/server/db";
import { getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { formatQuota } from "@/lib/format";

export type SignupQuotas = { forNewUser: number; forInvitee: number; quotaPerUnit: number };
export type Inviter = { id: number; username: string };

export async function loadSignupQuotas(): Promise<SignupQuotas> {
  return {
    forNewUser: await getNumberOption("QuotaForNewUser"),
    forInvitee: await getNumberOption("QuotaForInvitee"),
    quotaPerUnit: await getNumberOption("QuotaPerUnit", 500000),
  };
}

/** The live account owning an invite code ("" or unknown → null). */
export async function findInviter(affCode: string, tx: Prisma.TransactionClient = db()): Promise<Inviter | null> {
  if (!affCode) return null;
  return tx.user.findFirst({ where: { affCode, deletedAt: null }, select: { id: true, username: true } });
}

/** The starting quota of the new account. */
export function initialQuota(q: SignupQuotas, inviter: Inviter | null): bigint {
  return BigInt(q.forNewUser + (inviter ? q.forInvitee : 0));
}

/** Writes the sign-up gifts' logs and counts the invitee for the inviter (not yet rewarded). */
export async function recordSignupRewards(
  tx: Prisma.TransactionClient,
  q: SignupQuotas,
  user: { id: number; username: string },
  inviter: Inviter | null,
): Promise<void> {
  const money = (quota: number) => formatQuota(quota, { inCurrency: true, quotaPerUnit: q.quotaPerUnit, digits: 6 });
  const log = (userId: number, username: string, content: string) =>
    recordLog({ type: LOG_TYPE.system, userId, username, content }, tx);
  if (q.forNewUser > 0) await log(user.id, user.username, `新用户注册赠送 ${money(q.forNewUser)} 额度`);
  if (!inviter) return;
  if (q.forInvitee > 0) await log(user.id, user.username, `使用邀请码赠送 ${money(q.forInvitee)} 额度`);
  await tx.user.update({ where: { id: inviter.id }, data: { affCount: { increment: 1 } } });
}
