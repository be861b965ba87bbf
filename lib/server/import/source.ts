import "server-only";

// What the importer reads a new-api/one-api database through, whatever its engine: the tables and
// columns present (to recognise the schema), counts, and a table in keyset pages ordered by id, so a
// table of millions of rows is never held whole.
/** JSON columns come back parsed from mysql2 and pg: objects and arrays. */
export type SourceValue = string | number | bigint | boolean | Date | Buffer | null | object;
export type SourceRow = Record<string, SourceValue>;

export type PageQuery = {
  table: string;
  columns: readonly string[];
  /** Rows per page. */
  batch: number;
  /** Keyset paging on this integer column (tables with an id); otherwise LIMIT/OFFSET over `orderBy`. */
  key?: string;
  orderBy?: readonly string[];
  /** Only rows whose column is at least this value (the logs of the last N days). */
  since?: { column: string; min: number };
};

export interface SourceReader {
  readonly engine: "sqlite" | "mysql" | "postgres";
  /** Where it reads from, without a password (for the report). */
  readonly label: string;
  tables(): Promise<Set<string>>;
  columns(table: string): Promise<Set<string>>;
  count(table: string, since?: PageQuery["since"]): Promise<number>;
  pages(query: PageQuery): AsyncGenerator<SourceRow[]>;
  close(): Promise<void>;
}

/** A quoted identifier in the source's dialect (PostgreSQL quotes with ", the others with `). */
export function quoteFor(engine: SourceReader["engine"]): (name: string) => string {
  return engine === "postgres" ? (n) => `"${n.replace(/"/g, '""')}"` : (n) => `\`${n.replace(/`/g, "``")}\``;
}

/** The SELECT of one page: placeholders are `?` (sqlite, mysql) or `$n` (postgres). */
export function pageSql(
  engine: SourceReader["engine"],
  q: PageQuery,
  after: number | null,
  offset: number,
): { sql: string; params: number[] } {
  const quote = quoteFor(engine);
  const params: number[] = [];
  const ph = () => (engine === "postgres" ? `$${params.length}` : "?");
  const where: string[] = [];
  if (q.since) {
    params.push(q.since.min);
    where.push(`${quote(q.since.column)} >= ${ph()}`);
  }
  if (q.key && after !== null) {
    params.push(after);
    where.push(`${quote(q.key)} > ${ph()}`);
  }
  const order = (q.key ? [q.key] : (q.orderBy ?? [])).map(quote).join(", ");
  let sql = `SELECT ${q.columns.map(quote).join(", ")} FROM ${quote(q.table)}`;
  if (where.length) sql += ` WHERE ${where.join(" AND ")}`;
  if (order) sql += ` ORDER BY ${order}`;
  sql += ` LIMIT ${Math.trunc(q.batch)}`;
  if (!q.key && offset) sql += ` OFFSET ${Math.trunc(offset)}`;
  return { sql, params };
}

/** Runs pageSql page after page with `fetch` until a page comes back short. */
export async function* paged(
  engine: SourceReader["engine"],
  q: PageQuery,
  fetch: (sql: string, params: number[]) => Promise<SourceRow[]>,
): AsyncGenerator<SourceRow[]> {
  let after: number | null = null;
  let offset = 0;
  for (;;) {
    const { sql, params } = pageSql(engine, q, after, offset);
    const rows = await fetch(sql, params);
    if (rows.length) yield rows;
    if (rows.length < q.batch) return;
    offset += rows.length;
    if (q.key) after = Number(rows[rows.length - 1]![q.key]);
  }
}

/** A DSN without its password, for messages and the report. */
export function redact(from: string): string {
  try {
    const u = new URL(from);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return from;
  }
}
