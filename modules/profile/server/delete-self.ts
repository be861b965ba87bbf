import "server-only";

// DELETE /api/user/self: soft delete (the username stays reserved), tokens disabled, sessions revoked.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { ROLE, TOKEN_STATUS } from "@/lib/constants";

export async function deleteSelf(userId: number): Promise<void> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { role: true } });
  if (!user) throw new AppError("not_found", "user_not_found");
  if (user.role >= ROLE.root) throw new AppError("forbidden", "root_cannot_delete_self");
  const now = new Date();
  await db().$transaction([
    db().user.update({
      where: { id: userId },
      data: { deletedAt: now, accessTokenHash: null, authVersion: { increment: 1 } },
    }),
    db().token.updateMany({
      where: { userId, deletedAt: null },
      data: { deletedAt: now, status: TOKEN_STATUS.disabled },
    }),
  ]);
}
