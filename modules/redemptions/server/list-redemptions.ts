import "server-only";

// GET /api/redemption/ and /search: newest first; keyword matches the id exactly or the name.
import { readPage, type PageQuery } from "@/lib/schemas/pagination";
import { db, type Prisma } from "@/lib/server/db";
import { redemptionDtoSelect, toRedemptionDto } from "@/modules/redemptions/server/dto";

export async function listRedemptions(opts: PageQuery & { keyword?: string }) {
  const where: Prisma.RedemptionWhereInput = { deletedAt: null };
  const keyword = opts.keyword?.trim();
  if (keyword) {
    const or: Prisma.RedemptionWhereInput[] = [{ name: { contains: keyword } }];
    if (/^\d{1,9}$/.test(keyword)) or.unshift({ id: Number(keyword) });
    where.OR = or;
  }
  return readPage(
    opts,
    (window) => db().redemption.findMany({ where, select: redemptionDtoSelect, orderBy: { id: "desc" }, ...window }),
    () => db().redemption.count({ where }),
    toRedemptionDto,
  );
}
