import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toChannelDto } from "@/lib/server/dto/channel";

export async function listChannels(opts: { page: number; pageSize: number; idSort: boolean }) {
  const page = Math.max(1, opts.page);
  const [rows, total, types] = await Promise.all([
    db().channel.findMany({
      orderBy: opts.idSort ? [{ id: "desc" }] : [{ priority: "desc" }, { id: "desc" }],
      skip: (page - 1) * opts.pageSize,
      take: opts.pageSize,
    }),
    db().channel.count(),
    db().channel.groupBy({ by: ["type"], _count: { _all: true } }),
  ]);
  const typeCounts = Object.fromEntries(types.map((t) => [t.type, t._count._all]));
  return { items: rows.map(toChannelDto), total, page, page_size: opts.pageSize, type_counts: typeCounts };
}

export async function getChannelOrThrow(id: number) {
  const row = await db().channel.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  return toChannelDto(row);
}
