// POST /api/user/register. Honours RegisterEnabled / PasswordRegisterEnabled, email verification,
// and invite codes (invitee and inviter rewards, signup-rewards.ts), all in one transaction.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { getBoolOption } from "@/lib/server/options/store";
import { consumeCode } from "@/lib/server/services/verification/consume-code";
import { generateAffCode } from "@/lib/server/services/users/generate-aff-code";
import {
  findInviter,
  initialQuota,
  loadSignupQuotas,
  recordSignupRewards,
} from "@/lib/server/services/users/signup-rewards";
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
  if (input.email) {
    const emailTaken = await db().user.findFirst({ where: { email: input.email }, select: { id: true } });
    if (emailTaken) throw new AppError("conflict", "email_taken");
  }

  const passwordHash = await hashPassword(input.password);
  const quotas = await loadSignupQuotas();
  const now = Math.floor(Date.now() / 1000);

  try {
    return await db().$transaction(async (tx) => {
      if (emailRequired && !(await consumeCode("email_verify", input.email, input.verification_code, tx))) {
        throw new AppError("bad_request", "verification_code_invalid");
      }
      const inviter = await findInviter(input.aff_code, tx);
      const user = await tx.user.create({
        data: {
          username: input.username,
          password: passwordHash,
          displayName: input.username,
          email: input.email,
          quota: initialQuota(quotas, inviter),
          inviterId: inviter?.id ?? 0,
          affCode: await generateAffCode(tx),
          createdAt: now,
        },
        select: { id: true, username: true },
      });
      await recordSignupRewards(tx, quotas, user, inviter);
      return { id: user.id };
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides; answer like the pre-check.
    if ((err as { code?: string }).code === "P2002") throw new AppError("conflict", "username_taken");
    throw err;
  }
}
