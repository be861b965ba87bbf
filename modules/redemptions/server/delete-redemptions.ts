import "server-only";

// Deleting codes is a soft delete (deletedAt): redemption logs keep naming a code that existed, and
// a deleted key can never be redeemed. Counts are returned as new-api does.
import { db, type Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { REDEMPTION_STATUS } from "@/modules/redemptions/schemas";

async function softDelete(where: Prisma.RedemptionWhereInput): Promise<number> {
  const res = await db().redemption.updateMany({
    where: { ...where, deletedAt: null },
    data: { deletedAt: new Date() },
  });
  return res.count;
}

/** DELETE /api/redemption/{id}/ */
export async function deleteRedemption(id: number): Promise<void> {
  if ((await softDelete({ id })) === 0) throw new AppError("not_found", "redemption_not_found");
}

/** GET /api/redemption/count-by-name?name: how many codes carry exactly this name. */
export function countRedemptionsByName(name: string): Promise<number> {
  return db().redemption.count({ where: { name, deletedAt: null } });
}

/** DELETE /api/redemption/delete-by-name?name */
export function deleteRedemptionsByName(name: string): Promise<number> {
  return softDelete({ name });
}

/** DELETE /api/redemption/delete-disabled */
export function deleteDisabledRedemptions(): Promise<number> {
  return softDelete({ status: REDEMPTION_STATUS.disabled });
}

/** PUT /api/redemption/batch-disable {ids}: unused codes among ids become disabled; used ones stay used. */
export async function batchDisableRedemptions(ids: number[]): Promise<number> {
  const res = await db().redemption.updateMany({
    where: { id: { in: ids }, status: REDEMPTION_STATUS.unused, deletedAt: null },
    data: { status: REDEMPTION_STATUS.disabled },
  });
  return res.count;
}
