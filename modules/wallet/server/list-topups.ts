import "server-only";

// GET /api/user/topup/self (the caller's orders) and GET /api/user/topup (all, admins): newest
// first; keyword matches the trade number.
import { readPage } from "@/lib/schemas/pagination";
import type { TopupListQuery } from "@/modules/wallet/schemas";
import { db, type Prisma } from "@/lib/server/db";
import { toTopupDto, topupDtoSelect } from "@/modules/wallet/server/dto";

export async function listTopups(opts: TopupListQuery & { userId?: number }) {
  const where: Prisma.TopUpWhereInput = {};
  if (opts.userId !== undefined) where.userId = opts.userId;
  const keyword = opts.keyword?.trim();
  if (keyword) where.tradeNo = { contains: keyword };
  return readPage(
    opts,
    (window) => db().topUp.findMany({ where, select: topupDtoSelect, orderBy: { id: "desc" }, ...window }),
    () => db().topUp.count({ where }),
    toTopupDto,
  );
}
