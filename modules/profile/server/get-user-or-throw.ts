import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toSelfUserDto, userDtoSelect } from "@/modules/users/server";

export async function getUserOrThrow(id: number) {
  const user = await db().user.findUnique({ where: { id }, select: { ...userDtoSelect, password: true } });
  if (!user) throw new AppError("not_found", "user_not_found");
  const { password, ...row } = user;
  return toSelfUserDto(row, password !== "");
}
