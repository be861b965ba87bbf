import "server-only";

// Redemption codes as admins see them. Keys are secrets of value: only admin routes
// serialise this shape; the redeeming user only ever gets {quota, is_gift}.
import type { Prisma } from "@/lib/server/db";
import { selectOf, snakeFields } from "@/lib/server/dto-fields";

// Copied out as they are; the BigInt amounts and times are converted below.
// prettier-ignore
const plainRedemptionFields = [
  "id", "userId", "key", "status", "name", "createdTime", "redeemedTime", "usedUserId", "isGift", "maxUses",
  "usedCount",
] as const;

export const redemptionDtoSelect = {
  ...selectOf(plainRedemptionFields),
  ...selectOf(["quota", "validFrom", "validUntil"]),
} as const satisfies Prisma.RedemptionSelect;

export type RedemptionRow = Prisma.RedemptionGetPayload<{ select: typeof redemptionDtoSelect }>;

export function toRedemptionDto(r: RedemptionRow) {
  return {
    ...snakeFields(r, plainRedemptionFields),
    quota: Number(r.quota),
    valid_from: Number(r.validFrom),
    valid_until: Number(r.validUntil),
    // new-api's name of the same value (0 = never)
    expired_time: Number(r.validUntil),
  };
}
export type RedemptionDto = ReturnType<typeof toRedemptionDto>;
