// POST /api/user/register. Honours RegisterEnabled / PasswordRegisterEnabled, email verification,
// and invite codes (invitee and inviter rewards), all in one transaction. Like new-api, an address is
// stored only when email verification is on (an unverified address could squat someone's inbox and
// block them from binding it); it is lower-cased and must be unused (assertEmailAvailable).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { getBoolOption, getNumberOption } from "@/lib/server/options/store";
import { assertEmailAvailable } from "@/lib/server/services/verification/assert-email-available";
import { normalizeEmail } from "@/lib/server/services/verification/email-rules";
import { verifyEmailCode } from "@/lib/server/services/verification/verify-email-code";
import { generateAffCode } from "@/lib/server/services/users/generate-aff-code";
import { LOG_TYPE, recordLog } from "@/lib/server/services/logs/record-log";
import { formatQuota } from "@/lib/format";
import type { RegisterInput } from "@/lib/schemas/account";

export async function registerUser(input: RegisterInput): Promise<{ id: number }> {
  if (!(await getBoolOption("RegisterEnabled"))) throw new AppError("forbidden", "register_disabled");
  if (!(await getBoolOption("PasswordRegisterEnabled"))) throw new AppError("forbidden", "register_password_disabled");
  const emailRequired = await getBoolOption("EmailVerificationEnabled");
  if (emailRequired && (!input.email || !input.verification_code)) {
    throw new AppError("bad_request", "email_verification_required");
  }

  const taken = await db().user.findUnique({ where: { username: input.username }, select: { id: true } });
  if (taken) throw new AppError("conflict", "username_taken");
  const email = emailRequired ? normalizeEmail(input.email) : "";

  const passwordHash = await hashPassword(input.password);
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  const forNewUser = await getNumberOption("QuotaForNewUser");
  const forInvitee = await getNumberOption("QuotaForInvitee");
  const forInviter = await getNumberOption("QuotaForInviter");
  const money = (q: number) => formatQuota(q, { inCurrency: true, quotaPerUnit, digits: 6 });
  const now = Math.floor(Date.now() / 1000);

  try {
    return await db().$transaction(async (tx) => {
      if (email) {
        await assertEmailAvailable(tx, email);
        await verifyEmailCode(email, input.verification_code, tx);
      }
      const inviter = input.aff_code
        ? await tx.user.findFirst({
            where: { affCode: input.aff_code, deletedAt: null },
            select: { id: true, username: true },
          })
        : null;
      const user = await tx.user.create({
        data: {
          username: input.username,
          password: passwordHash,
          displayName: input.username,
          email,
          quota: BigInt(forNewUser + (inviter ? forInvitee : 0)),
          inviterId: inviter?.id ?? 0,
          affCode: await generateAffCode(tx),
          createdAt: now,
        },
        select: { id: true, username: true },
      });
      if (forNewUser > 0) {
        await recordLog(
          {
            type: LOG_TYPE.system,
            userId: user.id,
            username: user.username,
            content: `新用户注册赠送 ${money(forNewUser)} 额度`,
          },
          tx,
        );
      }
      if (inviter) {
        if (forInvitee > 0) {
          await recordLog(
            {
              type: LOG_TYPE.system,
              userId: user.id,
              username: user.username,
              content: `使用邀请码赠送 ${money(forInvitee)} 额度`,
            },
            tx,
          );
        }
        await tx.user.update({
          where: { id: inviter.id },
          data: {
            affCount: { increment: 1 },
            affQuota: { increment: BigInt(forInviter) },
            affHistoryQuota: { increment: BigInt(forInviter) },
          },
        });
        if (forInviter > 0) {
          await recordLog(
            {
              type: LOG_TYPE.system,
              userId: inviter.id,
              username: inviter.username,
              content: `邀请用户赠送 ${money(forInviter)} 额度`,
            },
            tx,
          );
        }
      }
      return { id: user.id };
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides; answer like the pre-check.
    if ((err as { code?: string }).code === "P2002") throw new AppError("conflict", "username_taken");
    throw err;
  }
}
