import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";

/** A token of this user (soft-deleted ones do not exist). Another user's id answers not-found. */
export async function getOwnTokenOrThrow(userId: number, id: number) {
  const token = await db().token.findFirst({ where: { id, userId, deletedAt: null } });
  if (!token) throw new AppError("not_found", "token_not_found");
  return token;
}
