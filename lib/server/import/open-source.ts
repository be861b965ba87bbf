import "server-only";

// --from: a SQLite file (a path, file:… or sqlite:…), mysql://… (or mariadb://…), postgres://….
import { ImportError } from "@/lib/server/import/import-error";
import { redact, type SourceReader } from "@/lib/server/import/source";
import { openSqliteSource } from "@/lib/server/import/sqlite-source";

export async function openSource(from: string): Promise<SourceReader> {
  const scheme = /^([a-z][a-z0-9+]*):\/\//i.exec(from)?.[1]?.toLowerCase();
  if (scheme === "mysql" || scheme === "mariadb") {
    const { openMysqlSource } = await import("@/lib/server/import/mysql-source");
    return openMysqlSource(from);
  }
  if (scheme === "postgres" || scheme === "postgresql") {
    const { openPostgresSource } = await import("@/lib/server/import/postgres-source");
    return openPostgresSource(from);
  }
  if (scheme && scheme !== "file" && scheme !== "sqlite")
    throw new ImportError("import_source_unsupported", { source: redact(from) });
  return openSqliteSource(from.replace(/^(file|sqlite):(\/\/)?/i, ""));
}
