import "server-only";

// The end of every WeChat/Telegram sign-in: the account that holds the id must be live and
// enabled; its last login time is stamped. The caller then mints the session like password login.
import { USER_STATUS } from "@/lib/constants";
import { authUserSelect } from "@/lib/server/auth/current-user";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import type { LoggedInUser } from "@/modules/auth/server/login-user";

export async function signInBoundUser(userId: number): Promise<LoggedInUser> {
  const user = await db().user.findUnique({ where: { id: userId }, select: authUserSelect });
  if (!user || user.deletedAt) throw new AppError("forbidden", "user_deleted");
  if (user.status !== USER_STATUS.enabled) throw new AppError("forbidden", "auth_user_banned");
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: Math.floor(Date.now() / 1000) } });
  const { deletedAt: _deletedAt, ...rest } = user;
  return rest;
}
