import "server-only";

// POST /api/user/reset {email, token}: the reset link's token is single-use (consumed atomically)
// and must match the address it was mailed to; the account must still hold that address. The
// account gets a new random password, returned once, and authVersion is bumped so every existing
// session of the account stops working.
import { USER_STATUS } from "@/lib/constants";
import { hashPassword } from "@/lib/server/auth/password";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { consumeCode, hashCode } from "@/modules/auth/server/verification/consume-code";
import { normalizeEmail, PASSWORD_RESET_PURPOSE } from "@/modules/users/server";
import { randomPassword } from "@/modules/auth/server/password-reset/random-password";

export async function confirmPasswordReset(input: { email: string; token: string }): Promise<string> {
  const address = normalizeEmail(input.email);
  const password = randomPassword();
  const passwordHash = await hashPassword(password); // bcrypt is slow: outside the transaction
  await db().$transaction(async (tx) => {
    if (!(await consumeCode(PASSWORD_RESET_PURPOSE, address, input.token, tx))) {
      throw new AppError("bad_request", "mail_reset_link_invalid");
    }
    const row = await tx.verificationCode.findFirst({
      where: { purpose: PASSWORD_RESET_PURPOSE, target: address, codeHash: hashCode(input.token) },
      select: { payload: true },
    });
    const user = await tx.user.findFirst({
      where: { id: Number(row?.payload) || 0, deletedAt: null },
      select: { id: true, email: true, status: true },
    });
    // the address may have moved to another account since the mail was sent
    if (!user || normalizeEmail(user.email) !== address || user.status !== USER_STATUS.enabled) {
      throw new AppError("bad_request", "mail_reset_link_invalid");
    }
    await tx.user.update({
      where: { id: user.id },
      data: { password: passwordHash, authVersion: { increment: 1 } },
    });
  });
  return password;
}
