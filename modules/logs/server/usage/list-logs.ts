import "server-only";

// GET /api/log/ (admin, everyone's rows) and /api/log/self/ (the caller's rows), newest first.
import type { LogListQuery } from "@/modules/logs/schemas/log";
import { pageResult, pageWindow } from "@/lib/schemas/pagination";
import { db } from "@/lib/server/db";
import { toLogDto } from "@/modules/logs/server/dto/log";
import { logWhere } from "@/modules/logs/server/usage/log-where";

export async function listLogs(query: LogListQuery, scope: { selfUserId: number } | { admin: true }) {
  const where = logWhere(query, scope);
  const [rows, total] = await Promise.all([
    db().log.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.p, query.page_size) }),
    db().log.count({ where }),
  ]);
  const admin = "admin" in scope;
  let channelNames: Map<number, string> | undefined;
  if (admin) {
    const ids = [...new Set(rows.map((r) => r.channelId).filter((id) => id > 0))];
    const channels = ids.length
      ? await db().channel.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })
      : [];
    channelNames = new Map(channels.map((c) => [c.id, c.name]));
  }
  return pageResult(
    rows.map((r) => toLogDto(r, { admin, channelNames })),
    total,
    query.p,
    query.page_size,
  );
}
