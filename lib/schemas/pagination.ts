// The paging contract of the console's list calls: ?p (1-based; 0 is read as 1, as new-api clients
// send either) and ?page_size; answers carry {items, total, page, page_size}.
import { z } from "zod";

export const PAGE_SIZE_MAX = 100;

export const pageQuerySchema = z.object({
  p: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(1)
    .transform((p) => Math.max(1, p)),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(10),
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
