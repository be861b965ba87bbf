// PUT /api/user/: an admin edits a user of lower role (root may edit anyone but another root).
// A new password revokes the user's sessions; a quota change goes through the ledger queue.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { writeAfterFlush } from "@/lib/server/relay/billing/bookkeeping";
import { invalidateUser } from "@/lib/server/relay/cache/token-cache";
import { LOG_TYPE, recordLog } from "@/lib/server/services/logs/record-log";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { AdminUpdateUserInput } from "@/lib/schemas/account";
import { ROLE } from "@/lib/constants";

export async function adminUpdateUser(actor: CurrentUser, input: AdminUpdateUserInput): Promise<void> {
  const target = await db().user.findUnique({
    where: { id: input.id },
    select: { id: true, role: true, quota: true, username: true, deletedAt: true },
  });
  if (!target || target.deletedAt) throw new AppError("not_found", "user_not_found");
  if (target.id !== actor.id && target.role >= actor.role && actor.role < ROLE.root)
    throw new AppError("forbidden", "user_manage_forbidden");
  if (input.username && input.username !== target.username) {
    const taken = await db().user.findUnique({ where: { username: input.username }, select: { id: true } });
    if (taken) throw new AppError("conflict", "username_taken");
  }
  const data: Record<string, unknown> = {};
  if (input.username !== undefined) data.username = input.username;
  if (input.display_name !== undefined) data.displayName = input.display_name;
  if (input.email !== undefined) data.email = input.email;
  if (input.group !== undefined) data.group = input.group;
  if (input.remark !== undefined) data.remark = input.remark;
  if (input.password) {
    data.password = await hashPassword(input.password);
    data.authVersion = { increment: 1 };
  }
  const write = async () => {
    if (input.quota !== undefined) data.quota = BigInt(input.quota);
    await db().user.update({ where: { id: target.id }, data });
  };
  if (input.quota !== undefined) await writeAfterFlush(write, { userIds: [target.id] });
  else await write();
  invalidateUser(target.id);
  if (input.quota !== undefined && BigInt(input.quota) !== target.quota) {
    await recordLog({
      type: LOG_TYPE.manage,
      userId: target.id,
      username: target.username,
      content: `管理员 ${actor.username} 将用户额度从 ${target.quota} 修改为 ${input.quota}`,
    });
  }
}
