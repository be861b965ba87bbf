import "server-only";

// A new-api/one-api SQLite file, opened read-only. better-sqlite3 is synchronous: a page of 1,000
// rows is read in one go, then the event loop runs (the progress line, the writes).
import fs from "node:fs";
import Database from "better-sqlite3";
import { ImportError } from "@/lib/server/import/import-error";
import { paged, quoteFor, type PageQuery, type SourceReader, type SourceRow } from "@/lib/server/import/source";

export function openSqliteSource(file: string): SourceReader {
  if (!fs.existsSync(file) || !fs.statSync(file).isFile())
    throw new ImportError("import_source_missing_file", { source: file });
  let conn: Database.Database;
  try {
    conn = new Database(file, { readonly: true, fileMustExist: true });
    conn.prepare("SELECT count(*) FROM sqlite_master").get();
  } catch {
    throw new ImportError("import_source_not_database", { source: file });
  }
  conn.defaultSafeIntegers(false);
  const quote = quoteFor("sqlite");
  const all = (sql: string, params: readonly unknown[] = []) => conn.prepare(sql).all(...params) as SourceRow[];
  return {
    engine: "sqlite",
    label: file,
    tables: async () => new Set(all("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => String(r.name))),
    columns: async (table) => new Set(all(`PRAGMA table_info(${quote(table)})`).map((r) => String(r.name))),
    count: async (table, since) => {
      const where = since ? ` WHERE ${quote(since.column)} >= ?` : "";
      const row = all(`SELECT count(*) AS n FROM ${quote(table)}${where}`, since ? [since.min] : [])[0];
      return Number(row?.n ?? 0);
    },
    pages: (q: PageQuery) => paged("sqlite", q, async (sql, params) => all(sql, params)),
    close: async () => void conn.close(),
  };
}
