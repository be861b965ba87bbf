import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { redemptionDtoSelect, type RedemptionRow } from "@/modules/redemptions/server/dto";

/** A code that exists and is not deleted, or a 404. */
export async function getRedemptionOrThrow(id: number): Promise<RedemptionRow> {
  const row = await db().redemption.findFirst({ where: { id, deletedAt: null }, select: redemptionDtoSelect });
  if (!row) throw new AppError("not_found", "redemption_not_found");
  return row;
}
