import "server-only";

// The admin message table: newest first, optional keyword (title or
// content) and created-date range. A date-only end_date includes that whole day.
import type { MessageSearchQuery } from "@/modules/messages/schemas";
import { readPage, type PageQuery } from "@/lib/schemas/pagination";
import { selectOf } from "@/lib/server/dto-fields";
import { db, type Prisma } from "@/lib/server/db";
import { toAdminMessageDto } from "@/modules/messages/server/dto";
import { AppError } from "@/lib/server/http/app-error";

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function createdRange(start: string, end: string): Prisma.DateTimeFilter | undefined {
  if (!start && !end) return undefined;
  const filter: Prisma.DateTimeFilter = {};
  if (start) filter.gte = new Date(start);
  if (end) {
    if (DATE_ONLY.test(end)) filter.lt = new Date(Date.parse(end) + DAY_MS);
    else filter.lte = new Date(end);
  }
  if (start && end && Date.parse(start) > Date.parse(end))
    throw new AppError("bad_request", "message_date_range_invalid");
  return filter;
}

const messageSelect = {
  ...selectOf(["id", "title", "content", "format", "createdAt"]),
  _count: { select: { recipients: true } },
} as const;

export async function listMessages(opts: PageQuery & Partial<Omit<MessageSearchQuery, keyof PageQuery>>) {
  const where: Prisma.MessageWhereInput = { deletedAt: null };
  const keyword = opts.keyword?.trim();
  if (keyword) where.OR = [{ title: { contains: keyword } }, { content: { contains: keyword } }];
  const createdAt = createdRange(opts.start_date ?? "", opts.end_date ?? "");
  if (createdAt) where.createdAt = createdAt;
  return readPage(
    opts,
    (window) => db().message.findMany({ where, orderBy: { id: "desc" }, select: messageSelect, ...window }),
    () => db().message.count({ where }),
    (m) => toAdminMessageDto(m, { total_recipients: m._count.recipients }),
  );
}
