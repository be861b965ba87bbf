import "server-only";

// Checks that need the database or options: the group must be one the user may use.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { getJsonOption } from "@/lib/server/options/store";

export async function assertUsableGroup(userId: number, group: string | undefined): Promise<void> {
  if (!group) return;
  const user = await db().user.findUnique({ where: { id: userId }, select: { group: true } });
  const usable = await getJsonOption("UserUsableGroups", {});
  if (group !== user?.group && !Object.hasOwn(usable, group))
    throw new AppError("forbidden", "token_group_forbidden", { group });
}
