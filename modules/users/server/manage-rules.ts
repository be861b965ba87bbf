import "server-only";

// The role rules of user administration (as new-api's ManageUser): an admin manages only users
// of a LOWER role (never an equal admin, never root, never themselves); root manages everyone, but
// root itself can never be disabled, deleted or demoted. Only root promotes.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { ROLE } from "@/lib/constants";
import type { CurrentUser } from "@/lib/server/auth/current-user";

export const manageTargetSelect = {
  id: true,
  username: true,
  role: true,
  status: true,
  quota: true,
  deletedAt: true,
} as const;

export type ManageTarget = {
  id: number;
  username: string;
  role: number;
  status: number;
  quota: bigint;
  deletedAt: Date | null;
};

/** True when `actor` may read or change `target` at all. */
export function canManage(actor: Pick<CurrentUser, "role">, target: Pick<ManageTarget, "role">): boolean {
  return actor.role >= ROLE.root || target.role < actor.role;
}

export function assertCanManage(actor: Pick<CurrentUser, "role">, target: Pick<ManageTarget, "role">): void {
  if (!canManage(actor, target)) throw new AppError("forbidden", "user_manage_forbidden");
}

/** The target of a change: it must exist, not be cancelled, and rank below the actor. */
export async function loadManageTarget(actor: CurrentUser, id: number): Promise<ManageTarget> {
  const target = await db().user.findUnique({ where: { id }, select: manageTargetSelect });
  if (!target) throw new AppError("not_found", "user_not_found");
  assertCanManage(actor, target);
  if (target.deletedAt) throw new AppError("bad_request", "user_deleted");
  return target;
}
