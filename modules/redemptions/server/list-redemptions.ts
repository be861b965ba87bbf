import "server-only";

// GET /api/redemption/ and /search: newest first; keyword matches the id exactly or the name.
import { pageResult, pageWindow, type PageQuery } from "@/lib/schemas/pagination";
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
  const [rows, total] = await Promise.all([
    db().redemption.findMany({
      where,
      select: redemptionDtoSelect,
      orderBy: { id: "desc" },
      ...pageWindow(opts.p, opts.page_size),
    }),
    db().redemption.count({ where }),
  ]);
  return pageResult(rows.map(toRedemptionDto), total, opts.p, opts.page_size);
}
