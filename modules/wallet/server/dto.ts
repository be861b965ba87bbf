import "server-only";

// Top-up orders as the wallet (own orders) and admins (all orders) see them. The trade number is
// not a secret: a notice also needs the merchant key's signature.
import type { Prisma } from "@/lib/server/db";
import { selectOf, snakeFields } from "@/lib/server/dto-fields";

// Copied out as they are; the amount (BigInt) and the owner's name are converted below.
// prettier-ignore
const plainTopupFields = [
  "id", "userId", "money", "tradeNo", "paymentMethod", "paymentProvider", "createTime", "completeTime", "status",
] as const;

export const topupDtoSelect = {
  ...selectOf(plainTopupFields),
  amount: true,
  user: { select: { username: true } },
} as const satisfies Prisma.TopUpSelect;

export type TopupRow = Prisma.TopUpGetPayload<{ select: typeof topupDtoSelect }>;

export function toTopupDto(r: TopupRow) {
  return { ...snakeFields(r, plainTopupFields), username: r.user.username, amount: Number(r.amount) };
}
export type TopupDto = ReturnType<typeof toTopupDto>;
