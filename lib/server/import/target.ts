import "server-only";

// Where the importer writes: this gateway's own database (SQLite or PostgreSQL), through the
// engine's driver rather than Prisma, so a million log rows go in as batched inserts in one
// transaction per table group.
import type { TargetRow, TargetTable } from "@/lib/server/import/target-tables";

export interface TargetWriter {
  readonly engine: "sqlite" | "postgres";
  /** Why this installation is in use (setup done, users exist), or null when it is fresh. */
  inUse(): Promise<"set_up" | "has_users" | null>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  insert(table: TargetTable, rows: readonly TargetRow[]): Promise<void>;
  /** One number from an aggregate query (SUM, COUNT) in the target's dialect, with "" quoting. */
  scalar(sql: string): Promise<bigint>;
  /**
   * After a failure: deletes every row of these tables (the target had no users or setup before the
   * import) except options, of which only the imported keys go (a fresh install may hold some).
   */
  wipe(tables: readonly TargetTable[], optionKeys: readonly string[]): Promise<void>;
  /** New rows get ids above every imported one and above `floors` (ids of rows left behind, per table). */
  moveSequences(tables: readonly TargetTable[], floors: ReadonlyMap<string, number>): Promise<void>;
  close(): Promise<void>;
}

/** A row's values in its table's column order; a column the mapper did not set is an internal error. */
export function valuesOf(table: TargetTable, row: TargetRow): TargetRow[string][] {
  return table.columns.map(([col]) => {
    const v = row[col];
    if (v === undefined) throw new Error(`import: ${table.name}.${col} was not mapped`);
    return v;
  });
}

export const IN_USE_SQL = {
  setup: 'SELECT count(*) AS n FROM "setups"',
  users: 'SELECT count(*) AS n FROM "users"',
} as const;
