import "server-only";

// Redemption codes as admins see them (spec 2 §3). Keys are secrets of value: only admin routes
// serialise this shape; the redeeming user only ever gets {quota, is_gift}.
import type { Prisma } from "@/lib/server/db";

export const redemptionDtoSelect = {
  id: true,
  userId: true,
  key: true,
  status: true,
  name: true,
  quota: true,
  createdTime: true,
  redeemedTime: true,
  usedUserId: true,
  isGift: true,
  maxUses: true,
  usedCount: true,
  validFrom: true,
  validUntil: true,
} as const satisfies Prisma.RedemptionSelect;

export type RedemptionRow = Prisma.RedemptionGetPayload<{ select: typeof redemptionDtoSelect }>;

export function toRedemptionDto(r: RedemptionRow) {
  return {
    id: r.id,
    user_id: r.userId,
    key: r.key,
    status: r.status,
    name: r.name,
    quota: Number(r.quota),
    created_time: r.createdTime,
    redeemed_time: r.redeemedTime,
    used_user_id: r.usedUserId,
    is_gift: r.isGift,
    max_uses: r.maxUses,
    used_count: r.usedCount,
    valid_from: Number(r.validFrom),
    valid_until: Number(r.validUntil),
    // new-api's name of the same value (0 = never)
    expired_time: Number(r.validUntil),
  };
}
export type RedemptionDto = ReturnType<typeof toRedemptionDto>;
