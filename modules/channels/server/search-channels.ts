import "server-only";

// GET /api/channel/ and /api/channel/search: filters (keyword, group, model, types, statuses, tags),
// order (priority then id, or id only), and tag mode, where channels sharing a tag page as one row.
// Filtering and paging run on a slim projection: channel counts are small and comma-list fields
// (models, group) need element matching that LIKE cannot express portably on SQLite and PostgreSQL.
import { db, type Prisma } from "@/lib/server/db";
import { toChannelDto } from "@/modules/channels/server/dto";
import { toTagRow, type ChannelDto, type TagRowDto } from "@/modules/channels/server/dto-tag-row";
import { pageResult } from "@/lib/schemas/pagination";
import { toList } from "@/lib/channel-rules";
import type { ChannelSearchQuery } from "@/modules/channels/schemas";

const slimSelect = {
  id: true,
  name: true,
  baseUrl: true,
  models: true,
  group: true,
  tag: true,
  type: true,
  priority: true,
} satisfies Prisma.ChannelSelect;
type Slim = Prisma.ChannelGetPayload<{ select: typeof slimSelect }>;

function matchesKeyword(c: Slim, keyword: string): boolean {
  if (/^\d+$/.test(keyword) && c.id === Number(keyword)) return true;
  const k = keyword.toLowerCase();
  return [c.name, c.baseUrl, c.tag].some((v) => v.toLowerCase().includes(k));
}

function matchesModel(c: Slim, model: string): boolean {
  const m = model.toLowerCase();
  return toList(c.models).some((x) => x.toLowerCase().includes(m));
}

type Unit = { tag: string | null; ids: number[] };

export async function searchChannels(q: ChannelSearchQuery) {
  const statuses = [...q.statuses, ...q.status];
  const types = q.type !== undefined ? [...q.types, q.type] : q.types;
  const where: Prisma.ChannelWhereInput = {};
  if (statuses.length) where.status = { in: statuses };
  if (q.tags.length) where.tag = { in: q.tags };
  const rows = await db().channel.findMany({
    where,
    select: slimSelect,
    orderBy: q.id_sort === "true" ? [{ id: "desc" }] : [{ priority: "desc" }, { id: "desc" }],
  });
  const filtered = rows.filter(
    (c) =>
      (!q.keyword || matchesKeyword(c, q.keyword)) &&
      (!q.group || toList(c.group).includes(q.group)) &&
      (!q.model || matchesModel(c, q.model)),
  );
  // Counts per type before the type filter, so the type picker can show what each choice would give.
  const typeCounts: Record<number, number> = {};
  for (const c of filtered) typeCounts[c.type] = (typeCounts[c.type] ?? 0) + 1;
  const matched = types.length ? filtered.filter((c) => types.includes(c.type)) : filtered;

  const units: Unit[] = [];
  const byTag = new Map<string, Unit>();
  for (const c of matched) {
    if (q.tag_mode === "true" && c.tag) {
      const existing = byTag.get(c.tag);
      if (existing) existing.ids.push(c.id);
      else {
        const unit = { tag: c.tag, ids: [c.id] };
        byTag.set(c.tag, unit);
        units.push(unit);
      }
    } else units.push({ tag: null, ids: [c.id] });
  }
  const pageUnits = units.slice((q.p - 1) * q.page_size, q.p * q.page_size);
  const ids = pageUnits.flatMap((u) => u.ids);
  const full = ids.length ? await db().channel.findMany({ where: { id: { in: ids } } }) : [];
  const dtoById = new Map(full.map((r) => [r.id, toChannelDto(r)]));
  const items = pageUnits.flatMap((u): (ChannelDto | TagRowDto)[] => {
    const children = u.ids.map((id) => dtoById.get(id)).filter((c): c is ChannelDto => !!c);
    if (u.tag === null) return children;
    return [toTagRow(u.tag, children)];
  });
  return { ...pageResult(items, units.length, q.p, q.page_size), type_counts: typeCounts };
}
