import "server-only";

// A new-api database on MySQL/MariaDB (the most common deployment): mysql2 with big numbers as
// strings (bigint columns beyond 2^53 stay exact) and DATETIME as Date in UTC.
import mysql from "mysql2/promise";
import { ImportError } from "@/lib/server/import/import-error";
import { paged, quoteFor, redact, type SourceReader, type SourceRow } from "@/lib/server/import/source";

const AUTH_ERRORS = new Set(["ER_ACCESS_DENIED_ERROR", "ER_DBACCESS_DENIED_ERROR", "ER_NOT_SUPPORTED_AUTH_MODE"]);

export async function openMysqlSource(dsn: string): Promise<SourceReader> {
  const label = redact(dsn);
  let conn: mysql.Connection;
  try {
    conn = await mysql.createConnection({
      uri: dsn.replace(/^mariadb:/i, "mysql:"),
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: false,
      timezone: "Z",
      connectTimeout: 10_000,
    });
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code && AUTH_ERRORS.has(e.code)) throw new ImportError("import_source_auth", { source: label });
    throw new ImportError("import_source_unreachable", {
      source: label,
      reason: e.code ?? e.message ?? "unknown error",
    });
  }
  const quote = quoteFor("mysql");
  const all = async (sql: string, params: readonly unknown[] = []) =>
    (await conn.query(sql, [...params]))[0] as SourceRow[];
  return {
    engine: "mysql",
    label,
    tables: async () =>
      new Set(
        (await all("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()")).map(
          (r) => String(r.name),
        ),
      ),
    columns: async (table) =>
      new Set(
        (
          await all(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?",
            [table],
          )
        ).map((r) => String(r.name)),
      ),
    count: async (table, since) => {
      const where = since ? ` WHERE ${quote(since.column)} >= ?` : "";
      return Number(
        (await all(`SELECT count(*) AS n FROM ${quote(table)}${where}`, since ? [since.min] : []))[0]?.n ?? 0,
      );
    },
    pages: (q) => paged("mysql", q, (sql, params) => all(sql, params)),
    close: async () => void (await conn.end()),
  };
}
