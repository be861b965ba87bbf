import "server-only";

// One source table's import: which columns to read, how a row maps to ours (or why it is skipped),
// and what the run remembers for later tables (the ids imported, for the references).
import type { Product, SourceSchema } from "@/lib/server/import/detect-schema";
import type { SourceRow } from "@/lib/server/import/source";
import type { TargetRow, TargetTable } from "@/lib/server/import/target-tables";
import { date, int, str } from "@/lib/server/import/values";

export type MapContext = {
  product: Product;
  schema: SourceSchema;
  /** Unix seconds at the start of the run. */
  now: number;
  userIds: Set<number>;
  deletedUserIds: Set<number>;
  channelIds: Set<number>;
  disabledChannels: Set<number>;
  usernames: Map<string, number>;
  seal: (plain: string) => string;
  sha256: (value: string) => string;
  /** Adds a line to the table's notes (counted: the same note twice shows "×2"). */
  note: (table: string, text: string) => void;
};

/** A mapped row and the rows it brings along in other tables (a used code's redemption_uses row). */
export type Mapped = { row: TargetRow; also?: Array<[TargetTable, TargetRow]> } | { skip: string };

export type TableImport = {
  /** The source table (absent in the source: nothing to do, reported as such). */
  source: string;
  target: TargetTable;
  /** The source columns this import reads (those the source lacks read as undefined). */
  columns: readonly string[];
  /** Keyset paging column; tables without an id page by OFFSET over orderBy. */
  key?: string;
  orderBy?: readonly string[];
  map: (row: SourceRow, ctx: MapContext) => Mapped;
};

/** A column list written as one line of names ("id user_id key ..."), as the models list them. */
export const columnList = (names: string): readonly string[] => names.split(/\s+/).filter(Boolean);

/**
 * Why a row of `what` that belongs to a user is left behind (soft-deleted itself, or its user not
 * imported or soft-deleted: it could never be used), or null when it comes across.
 */
export function skipReason(r: SourceRow, ctx: MapContext, what: string): string | null {
  if (date(r.deleted_at)) return `${what} ${str(r.id)}: deleted in the source`;
  const userId = int(r.user_id);
  if (!ctx.userIds.has(userId) || ctx.deletedUserIds.has(userId))
    return `${what} ${str(r.id)}: its user ${str(r.user_id)} was not imported or is deleted`;
  return null;
}
