import "server-only";

// POST /api/user/register. Honours RegisterEnabled / PasswordRegisterEnabled, email verification,
// and invite codes (invitee and inviter rewards, signup-rewards.ts), all in one transaction. Like
// new-api, an address is stored only when email verification is on (an unverified address could
// squat someone's inbox and block them from binding it); it is lower-cased and must be unused
// (assertEmailAvailable).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { getBoolOption } from "@/lib/server/options/store";
import { assertEmailAvailable } from "@/modules/users/server";
import { normalizeEmail } from "@/modules/users/server";
import { verifyEmailCode } from "@/modules/auth/server/verification/verify-email-code";
import { generateAffCode } from "@/modules/users/server";
import { findInviter, initialQuota, loadSignupQuotas, recordSignupRewards } from "@/modules/auth/server/signup-rewards";
import type { RegisterInput } from "@/modules/users/server";

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
  const quotas = await loadSignupQuotas();
  const now = Math.floor(Date.now() / 1000);

  try {
    return await db().$transaction(async (tx) => {
      if (email) {
        await assertEmailAvailable(tx, email);
        await verifyEmailCode(email, input.verification_code, tx);
      }
      const inviter = await findInviter(input.aff_code, tx);
      const user = await tx.user.create({
        data: {
          username: input.username,
          password: passwordHash,
          displayName: input.username,
          email,
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
