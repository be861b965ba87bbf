import "server-only";

// GET /api/user/{id}: the same rule as editing (new-api GetUser): an admin reads only users of a
// lower role, so an admin cannot open root's or another admin's edit page.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toAdminUserDto, userDtoSelect } from "@/modules/users/server/dto";
import { assertCanManage } from "@/modules/users/server/manage-rules";
import type { CurrentUser } from "@/lib/server/auth/current-user";

export async function getUserForAdmin(actor: CurrentUser, id: number) {
  const user = await db().user.findUnique({ where: { id }, select: userDtoSelect });
  if (!user) throw new AppError("not_found", "user_not_found");
  assertCanManage(actor, user);
  return toAdminUserDto(user, actor);
}
