import "server-only";

// PUT /api/user/self: display name and/or password. A password change needs the current password
// and revokes every other session (authVersion bump); the caller gets a fresh session.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import type { UpdateSelfInput } from "@/modules/accounts/schemas/account";

export async function updateSelf(
  userId: number,
  input: UpdateSelfInput,
): Promise<{ passwordChanged: boolean; authVersion: number }> {
  const current = await db().user.findUnique({ where: { id: userId }, select: { password: true, authVersion: true } });
  if (!current) throw new AppError("not_found", "user_not_found");
  const data: { displayName?: string; password?: string; authVersion?: { increment: number } } = {};
  if (input.display_name !== undefined) data.displayName = input.display_name;
  if (input.password) {
    // An account registered through OAuth has no password yet: its first one needs no original.
    if (current.password && !(await verifyPassword(input.original_password ?? "", current.password))) {
      throw new AppError("bad_request", "original_password_wrong");
    }
    data.password = await hashPassword(input.password);
    data.authVersion = { increment: 1 };
  }
  const updated = await db().user.update({ where: { id: userId }, data, select: { authVersion: true } });
  return { passwordChanged: !!input.password, authVersion: updated.authVersion };
}
