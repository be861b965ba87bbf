import "server-only";

// Whose subscriptions an admin may touch: the users module's rule (an admin acts only on users of a
// lower role; root on everyone), so that no admin gives a root or another admin a plan, an upgraded
// group, or takes theirs away. new-api lets any admin do it; our rule is that an admin never gains
// root's powers.
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { assertCanManage } from "@/modules/users/server";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { AppError } from "@/lib/server/http/app-error";

export async function assertSubscriptionTarget(tx: Prisma.TransactionClient, actor: CurrentUser, userId: number) {
  const target = await tx.user.findUnique({ where: { id: userId }, select: { id: true, role: true, username: true } });
  if (!target) throw new AppError("not_found", "user_not_found");
  assertCanManage(actor, target);
  return target;
}
