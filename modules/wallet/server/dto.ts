import "server-only";

// Top-up orders as the wallet (own orders) and admins (all orders) see them. The trade number is
// not a secret: a notice also needs the merchant key's signature.
import type { Prisma } from "@/lib/server/db";

export const topupDtoSelect = {
  id: true,
  userId: true,
  amount: true,
  money: true,
  tradeNo: true,
  paymentMethod: true,
  paymentProvider: true,
  createTime: true,
  completeTime: true,
  status: true,
  user: { select: { username: true } },
} as const satisfies Prisma.TopUpSelect;

export type TopupRow = Prisma.TopUpGetPayload<{ select: typeof topupDtoSelect }>;

export function toTopupDto(r: TopupRow) {
  return {
    id: r.id,
    user_id: r.userId,
    username: r.user.username,
    amount: Number(r.amount),
    money: r.money,
    trade_no: r.tradeNo,
    payment_method: r.paymentMethod,
    payment_provider: r.paymentProvider,
    create_time: r.createTime,
    complete_time: r.completeTime,
    status: r.status,
  };
}
export type TopupDto = ReturnType<typeof toTopupDto>;
