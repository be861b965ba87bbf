// Role and status display of the users table: roles 1/10/100 else unknown; status 1
// activated, 2 banned, else unknown; a deleted user (DeletedAt) is shown as cancelled.
import type { BadgeTone } from "@/components/ui/badge";
import type { AdminUser } from "@/modules/users/client/api";
import { ROLE, USER_STATUS } from "@/lib/constants";

export type RoleLabel = "role_user" | "role_admin" | "role_root" | "role_unknown";
export type StatusLabel = "status_active" | "status_banned" | "status_unknown" | "status_cancelled";

export function roleLabel(role: number): { key: RoleLabel; tone: BadgeTone } {
  if (role === ROLE.user) return { key: "role_user", tone: "neutral" };
  if (role === ROLE.admin) return { key: "role_admin", tone: "info" };
  if (role === ROLE.root) return { key: "role_root", tone: "warning" };
  return { key: "role_unknown", tone: "neutral" };
}

export function statusLabel(u: Pick<AdminUser, "status" | "DeletedAt">): { key: StatusLabel; tone: BadgeTone } {
  if (u.DeletedAt) return { key: "status_cancelled", tone: "danger" };
  if (u.status === USER_STATUS.enabled) return { key: "status_active", tone: "success" };
  if (u.status === USER_STATUS.disabled) return { key: "status_banned", tone: "danger" };
  return { key: "status_unknown", tone: "neutral" };
}

/** Mirrors the server rule (manage-rules.ts): admins act only on lower roles; root on anyone. */
export function canManageUser(me: { role: number } | null, target: { role: number }): boolean {
  if (!me) return false;
  return me.role >= ROLE.root || target.role < me.role;
}

export type RowAction = "promote" | "demote" | "disable" | "enable" | "delete";

/** The row actions offered for `target` (none for cancelled users or users the admin may not manage). */
export function rowActions(me: { role: number } | null, target: AdminUser): RowAction[] {
  if (target.DeletedAt || !canManageUser(me, target)) return [];
  const isRoot = target.role >= ROLE.root;
  const out: RowAction[] = [];
  if (me && me.role >= ROLE.root && target.role < ROLE.admin) out.push("promote");
  if (!isRoot && target.role >= ROLE.admin) out.push("demote");
  if (!isRoot && target.status === USER_STATUS.enabled) out.push("disable");
  if (target.status !== USER_STATUS.enabled) out.push("enable");
  if (!isRoot) out.push("delete");
  return out;
}
