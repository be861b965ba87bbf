import "server-only";

// A new-api database on PostgreSQL (gorm's postgres driver: lower-case table and column names).
import { Client } from "pg";
import { ImportError } from "@/lib/server/import/import-error";
import { paged, quoteFor, redact, type SourceReader, type SourceRow } from "@/lib/server/import/source";

export async function openPostgresSource(dsn: string): Promise<SourceReader> {
  const label = redact(dsn);
  // int8 (bigint) as a JS bigint-safe string; the mappers read strings.
  const client = new Client({ connectionString: dsn, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (e.code === "28P01" || e.code === "28000") throw new ImportError("import_source_auth", { source: label });
    if (e.code === "3D000")
      throw new ImportError("import_source_unreachable", { source: label, reason: "no such database" });
    throw new ImportError("import_source_unreachable", {
      source: label,
      reason: e.code ?? e.message ?? "unknown error",
    });
  }
  const quote = quoteFor("postgres");
  const all = async (sql: string, params: readonly unknown[] = []) =>
    (await client.query(sql, [...params])).rows as SourceRow[];
  return {
    engine: "postgres",
    label,
    tables: async () =>
      new Set(
        (
          await all("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()")
        ).map((r) => String(r.name)),
      ),
    columns: async (table) =>
      new Set(
        (
          await all(
            "SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
            [table],
          )
        ).map((r) => String(r.name)),
      ),
    count: async (table, since) => {
      const where = since ? ` WHERE ${quote(since.column)} >= $1` : "";
      return Number(
        (await all(`SELECT count(*) AS n FROM ${quote(table)}${where}`, since ? [since.min] : []))[0]?.n ?? 0,
      );
    },
    pages: (q) => paged("postgres", q, (sql, params) => all(sql, params)),
    close: async () => void (await client.end()),
  };
}
