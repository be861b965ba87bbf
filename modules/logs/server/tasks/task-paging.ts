import "server-only";

// The two paging contracts of GET /api/mj and /api/task (see the route banners): the spec's array
// answer (p 0-based, TASK_LEGACY_PAGE_SIZE rows, "more loaded when the last known page is reached")
// and new-api's page answer (p 1-based with page_size, {items, total, page, page_size}).
import { pageResult, pageWindow, type PageResult } from "@/lib/schemas/pagination";
import { TASK_LEGACY_PAGE_SIZE } from "@/modules/logs/schemas/task";

export type TaskPaging = { legacy: boolean; page: number; pageSize: number; skip: number; take: number };

export function taskPaging(q: { p?: number; page_size?: number }): TaskPaging {
  if (q.page_size === undefined) {
    const page = q.p ?? 0;
    return {
      legacy: true,
      page,
      pageSize: TASK_LEGACY_PAGE_SIZE,
      skip: page * TASK_LEGACY_PAGE_SIZE,
      take: TASK_LEGACY_PAGE_SIZE,
    };
  }
  const page = Math.max(1, q.p ?? 1);
  return { legacy: false, page, pageSize: q.page_size, ...pageWindow(page, q.page_size) };
}

/** The rows of one page, plus the total when the caller asked for a page answer. */
export async function pagedTaskRows<Row, Dto>(
  paging: TaskPaging,
  find: (window: { skip: number; take: number }) => Promise<Row[]>,
  count: () => Promise<number>,
  toDto: (row: Row) => Dto,
): Promise<Dto[] | PageResult<Dto>> {
  const window = { skip: paging.skip, take: paging.take };
  if (paging.legacy) return (await find(window)).map(toDto);
  const [rows, total] = await Promise.all([find(window), count()]);
  return pageResult(rows.map(toDto), total, paging.page, paging.pageSize);
}
