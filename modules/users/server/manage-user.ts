import "server-only";

// POST /api/user/manage {id, action}: promote, demote, disable, enable, delete (soft) and add_quota,
// under the rules of manage-rules.ts. Every action is audit-logged (type 3) with the admin's name.
// Disable and delete bump authVersion (the user's sessions die) and drop the relay caches.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { ROLE, TOKEN_STATUS, USER_STATUS, LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { loadManageTarget } from "@/modules/users/server/manage-rules";
import { adjustUserQuota } from "@/modules/users/server/adjust-user-quota";
import { dropCachedAccess } from "@/modules/users/server/revoke-user-access";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { ManageUserInput } from "@/modules/users/schemas/user-admin";

const ACTION_TEXT = {
  promote: "提升为管理员",
  demote: "降级为普通用户",
  disable: "禁用",
  enable: "启用",
  delete: "注销",
};

export async function manageUser(
  actor: CurrentUser,
  input: ManageUserInput,
): Promise<{ status: number; role: number }> {
  const target = await loadManageTarget(actor, input.id);
  const isRoot = target.role >= ROLE.root;
  const action = input.action;

  if (action === "add_quota") {
    await adjustUserQuota(actor, target, input.mode!, input.value!);
    return { status: target.status, role: target.role };
  }

  let status = target.status;
  let role = target.role;
  const now = new Date();
  switch (action) {
    case "promote":
      if (actor.role < ROLE.root) throw new AppError("forbidden", "user_promote_root_only");
      if (target.role >= ROLE.admin) throw new AppError("bad_request", "user_already_admin");
      role = ROLE.admin;
      break;
    case "demote":
      if (isRoot) throw new AppError("forbidden", "user_root_demote_forbidden");
      if (target.role < ROLE.admin) throw new AppError("bad_request", "user_already_common");
      role = ROLE.user;
      break;
    case "disable":
      if (isRoot) throw new AppError("forbidden", "user_root_disable_forbidden");
      status = USER_STATUS.disabled;
      break;
    case "enable":
      status = USER_STATUS.enabled;
      break;
    case "delete":
      if (isRoot) throw new AppError("forbidden", "user_root_delete_forbidden");
      break;
  }

  await db().$transaction(async (tx) => {
    if (action === "delete") {
      // Soft delete, like self-deletion: the name stays reserved, access tokens and API keys stop.
      await tx.user.update({
        where: { id: target.id },
        data: { deletedAt: now, accessTokenHash: null, authVersion: { increment: 1 } },
      });
      await tx.token.updateMany({
        where: { userId: target.id, deletedAt: null },
        data: { deletedAt: now, status: TOKEN_STATUS.disabled },
      });
    } else {
      await tx.user.update({
        where: { id: target.id },
        data: { status, role, ...(action === "disable" ? { authVersion: { increment: 1 } } : {}) },
      });
    }
    await recordLog(
      {
        type: LOG_TYPE.manage,
        userId: target.id,
        username: target.username,
        content: `管理员 ${actor.username}（ID ${actor.id}）${ACTION_TEXT[action]}了用户 ${target.username}`,
        other: { admin_info: { admin_id: actor.id, admin_username: actor.username }, action },
      },
      tx,
    );
  });
  await dropCachedAccess(target.id);
  return { status, role };
}
