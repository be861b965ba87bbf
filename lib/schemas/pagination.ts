// The paging contract of the console's list calls: ?p (1-based; 0 is read as 1, as new-api clients
// send either) and ?page_size (alias ?ps; above 100 it is clamped to 100, not refused, as new-api
// scripts ask for "everything" that way); answers carry {items, total, page, page_size}.
import { z } from "zod";

export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 10;

/** A page size: a positive integer, clamped to PAGE_SIZE_MAX. */
export const pageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .transform((n) => Math.min(n, PAGE_SIZE_MAX));

/** Query aliases new-api accepts: ?ps for ?page_size (page_size wins when both are sent). */
export function withPageAliases(query: Record<string, string>): Record<string, string> {
  if (query.ps === undefined || query.page_size !== undefined) return query;
  return { ...query, page_size: query.ps };
}

export const pageQuerySchema = z.object({
  p: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(1)
    .transform((p) => Math.max(1, p)),
  page_size: pageSizeSchema.default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export type PageResult<T> = { items: T[]; total: number; page: number; page_size: number };

export function pageResult<T>(items: T[], total: number, page: number, pageSize: number): PageResult<T> {
  return { items, total, page, page_size: pageSize };
}

/** Prisma skip/take of a page. */
export function pageWindow(page: number, pageSize: number): { skip: number; take: number } {
  return { skip: (Math.max(1, page) - 1) * pageSize, take: pageSize };
}

/** Reads one page and the total together and shapes the answer; `find` gets the page's skip/take. */
export async function readPage<Row, T>(
  q: PageQuery,
  find: (window: { skip: number; take: number }) => Promise<Row[]>,
  count: () => Promise<number>,
  toItem: (row: Row) => T,
): Promise<PageResult<T>> {
  const [rows, total] = await Promise.all([find(pageWindow(q.p, q.page_size)), count()]);
  return pageResult(rows.map(toItem), total, q.p, q.page_size);
}
