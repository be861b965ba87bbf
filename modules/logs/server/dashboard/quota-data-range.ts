import "server-only";

// The shared parts of the /api/data queries: the created_at window and the row cap.
import { DATA_MAX_ROWS, type DataQuery } from "@/modules/logs/schemas/dashboard";
import { AppError } from "@/lib/server/http/app-error";

/** Inclusive [start, end] on the hour-floored created_at, as new-api; a missing end is now. */
export function rangeOf(q: DataQuery): { start: number; end: number } {
  return { start: q.start_timestamp ?? 0, end: q.end_timestamp ?? Math.floor(Date.now() / 1000) };
}

export function createdAtWhere(q: DataQuery) {
  const { start, end } = rangeOf(q);
  return { createdAt: { gte: start, lte: end } };
}

/** Grouped queries fetch one row more than the cap, so a too-large answer is refused, not cut. */
export const CAPPED_TAKE = DATA_MAX_ROWS + 1;

export function refuseIfCapped(rows: unknown[]): void {
  if (rows.length > DATA_MAX_ROWS) throw new AppError("bad_request", "dashboard_too_many_rows", { max: DATA_MAX_ROWS });
}
