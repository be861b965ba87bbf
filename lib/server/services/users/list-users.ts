// Users as the admin table lists them (spec 1 §2 "Manage users"): newest first, deleted users
// included (shown as cancelled), optional keyword (id, username, display name, email) and group filters.
import type { PageQuery } from "@/lib/schemas/pagination";
import { pageResult, pageWindow } from "@/lib/schemas/pagination";
import { db, type Prisma } from "@/lib/server/db";
import { toAdminUserDto, userDtoSelect } from "@/lib/server/dto/user";

export async function listUsers(opts: PageQuery & { keyword?: string; group?: string }) {
  const where: Prisma.UserWhereInput = {};
  const keyword = opts.keyword?.trim();
  if (keyword) {
    const or: Prisma.UserWhereInput[] = [
      { username: { contains: keyword } },
      { displayName: { contains: keyword } },
      { email: { contains: keyword } },
    ];
    if (/^\d{1,9}$/.test(keyword)) or.unshift({ id: Number(keyword) });
    where.OR = or;
  }
  if (opts.group?.trim()) where.group = opts.group.trim();
  const [rows, total] = await Promise.all([
    db().user.findMany({
      where,
      select: userDtoSelect,
      orderBy: { id: "desc" },
      ...pageWindow(opts.p, opts.page_size),
    }),
    db().user.count({ where }),
  ]);
  return pageResult(rows.map(toAdminUserDto), total, opts.p, opts.page_size);
}
