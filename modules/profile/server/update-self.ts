import "server-only";

// PUT /api/user/self: display name and/or password. A password change needs the current password
// and revokes every other session (authVersion bump); the caller gets a fresh session. Wrong current
// passwords are limited per account and per address like failed logins (a stolen session cannot guess
// the password fast), and the checks of one account hold few places on the password thread, so a
// flood of them cannot keep anyone from logging in (review 3, N7).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume } from "@/lib/server/http/rate-limit";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import type { UpdateSelfInput } from "@/modules/users/server";

/** 429 while the account or the address has used up its wrong current passwords. */
async function refuseWhileBlocked(keys: string[]): Promise<void> {
  for (const key of keys) {
    const wait = await blockedFor("password_change_failures", key);
    if (wait > 0) throw new AppError("rate_limited", "password_change_too_many_failures", { seconds: wait });
  }
}

export async function updateSelf(
  userId: number,
  input: UpdateSelfInput,
  ip: string,
): Promise<{ passwordChanged: boolean; authVersion: number }> {
  const current = await db().user.findUnique({ where: { id: userId }, select: { password: true, authVersion: true } });
  if (!current) throw new AppError("not_found", "user_not_found");
  const data: { displayName?: string; password?: string; authVersion?: { increment: number } } = {};
  if (input.display_name !== undefined) data.displayName = input.display_name;
  if (input.password) {
    // An account registered through OAuth has no password yet: its first one needs no original.
    const who = { caller: `user:${userId}` };
    if (current.password) {
      const keys = [`id:${userId}`, `ip:${ip}`];
      await refuseWhileBlocked(keys);
      if (!(await verifyPassword(input.original_password ?? "", current.password, who))) {
        for (const key of keys) await consume("password_change_failures", key);
        throw new AppError("bad_request", "original_password_wrong");
      }
    }
    data.password = await hashPassword(input.password, who);
    data.authVersion = { increment: 1 };
  }
  const updated = await db().user.update({ where: { id: userId }, data, select: { authVersion: true } });
  return { passwordChanged: !!input.password, authVersion: updated.authVersion };
}
