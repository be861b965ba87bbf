import "server-only";

// Users as the admin table lists them: newest first, deleted users
// included (shown as cancelled), optional keyword (id, username, display name, email) and group filters.
// An admin cannot find users of equal or higher role by their e-mail either (their addresses are
// hidden from admins; a search that matched them would still reveal them).
import { readPage, type PageQuery } from "@/lib/schemas/pagination";
import { db, type Prisma } from "@/lib/server/db";
import { toAdminUserDto, userDtoSelect } from "@/modules/users/server/dto";
import { ROLE } from "@/lib/constants";

export async function listUsers(
  opts: PageQuery & { keyword?: string; group?: string },
  viewer: { id: number; role: number },
) {
  const where: Prisma.UserWhereInput = {};
  const keyword = opts.keyword?.trim();
  if (keyword) {
    const or: Prisma.UserWhereInput[] = [
      { username: { contains: keyword } },
      { displayName: { contains: keyword } },
      viewer.role >= ROLE.root
        ? { email: { contains: keyword } }
        : { email: { contains: keyword }, OR: [{ role: { lt: viewer.role } }, { id: viewer.id }] },
    ];
    if (/^\d{1,9}$/.test(keyword)) or.unshift({ id: Number(keyword) });
    where.OR = or;
  }
  if (opts.group?.trim()) where.group = opts.group.trim();
  return readPage(
    opts,
    (window) => db().user.findMany({ where, select: userDtoSelect, orderBy: { id: "desc" }, ...window }),
    () => db().user.count({ where }),
    (row) => toAdminUserDto(row, viewer),
  );
}
