import "server-only";

// PUT /api/redemption/: fields of an unused code only (status 1); ?status_only=true
// enables (1) or disables (2), never for a used code (3).
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toRedemptionDto } from "@/modules/redemptions/server/dto";
import { getRedemptionOrThrow } from "@/modules/redemptions/server/get-redemption-or-throw";
import { REDEMPTION_STATUS, validWindowOk, type UpdateRedemptionInput } from "@/modules/redemptions/schemas";

export async function updateRedemption(input: UpdateRedemptionInput, statusOnly: boolean) {
  const current = await getRedemptionOrThrow(input.id);
  if (statusOnly) {
    if (input.status === undefined) throw new AppError("bad_request", "redemption_status_invalid");
    if (current.status === REDEMPTION_STATUS.used) throw new AppError("bad_request", "redemption_status_used");
    // Conditional on the status read, so a code redeemed meanwhile is not re-enabled.
    const changed = await db().redemption.updateMany({
      where: { id: current.id, status: current.status, deletedAt: null },
      data: { status: input.status },
    });
    if (changed.count === 0) throw new AppError("conflict", "redemption_changed_meanwhile");
  } else {
    if (current.status !== REDEMPTION_STATUS.unused) throw new AppError("bad_request", "redemption_edit_unused_only");
    const validFrom = input.valid_from ?? Number(current.validFrom);
    const validUntil = input.valid_until ?? Number(current.validUntil);
    if (!validWindowOk({ valid_from: validFrom, valid_until: validUntil }))
      throw new AppError("bad_request", "redemption_valid_range");
    const maxUses = input.max_uses ?? current.maxUses;
    // A partly used multi-use code keeps at least one use left (else it would be used, status 3).
    if (maxUses !== -1 && maxUses <= current.usedCount)
      throw new AppError("bad_request", "redemption_max_uses_below_used");
    const changed = await db().redemption.updateMany({
      where: { id: current.id, status: REDEMPTION_STATUS.unused, usedCount: current.usedCount, deletedAt: null },
      data: {
        ...(input.name !== undefined ? { name: input.name || current.name } : {}),
        ...(input.quota !== undefined ? { quota: BigInt(input.quota) } : {}),
        ...(input.is_gift !== undefined ? { isGift: input.is_gift } : {}),
        maxUses,
        validFrom: BigInt(validFrom),
        validUntil: BigInt(validUntil),
      },
    });
    if (changed.count === 0) throw new AppError("conflict", "redemption_changed_meanwhile");
  }
  return toRedemptionDto(await getRedemptionOrThrow(current.id));
}
