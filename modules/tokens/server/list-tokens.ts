import "server-only";

// The caller's tokens, newest first, with masked keys. Search by name (contains) and by key: a
// full key matches its hash; a fragment matches the stored first/last four characters.
import { db, type Prisma } from "@/lib/server/db";
import { sha256Hex } from "@/lib/server/crypto/secret-box";
import { toTokenDto } from "@/modules/tokens/server/dto";

export async function listTokens(
  userId: number,
  opts: { page: number; pageSize: number; keyword?: string; key?: string },
) {
  const where: Prisma.TokenWhereInput = { userId, deletedAt: null };
  if (opts.keyword) where.name = { contains: opts.keyword };
  const key = opts.key?.trim().replace(/^sk-/, "");
  if (key) {
    where.OR =
      key.length >= 48
        ? [{ keyHash: sha256Hex(key) }]
        : [{ keyPrefix: { startsWith: key.slice(0, 4) } }, { keySuffix: { endsWith: key.slice(-4) } }];
  }
  const page = Math.max(1, opts.page);
  const [items, total] = await Promise.all([
    db().token.findMany({ where, orderBy: { id: "desc" }, skip: (page - 1) * opts.pageSize, take: opts.pageSize }),
    db().token.count({ where }),
  ]);
  return { items: items.map(toTokenDto), total, page, page_size: opts.pageSize };
}
