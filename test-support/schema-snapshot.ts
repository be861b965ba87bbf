// Checks that the committed migrations produce exactly the schema that prisma/schema.prisma (or its
// PostgreSQL twin) describes. `prisma migrate diff --from-schema-datasource` is refused when
// prisma.config.ts defines a driver adapter, so the check is done offline instead: the SQL Prisma
// would generate from an empty database to the datamodel is applied to a second, empty database,
// and the structure of both databases (columns, indexes, foreign keys) is compared.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { Client } from "pg";

const execFileAsync = promisify(execFile);
export const REPO_ROOT = path.resolve(__dirname, "..");

export type DatabaseKind = "sqlite" | "postgres";

export const SCHEMA_FILE: Record<DatabaseKind, string> = {
  sqlite: "prisma/schema.prisma",
  postgres: "prisma/postgres/schema.prisma",
};

/** Runs the Prisma CLI (which reads prisma.config.ts, so DATABASE_URL picks the flavour). */
export async function prismaCli(args: string[], databaseUrl: string) {
  return execFileAsync(process.execPath, [path.join(REPO_ROOT, "node_modules/prisma/build/index.js"), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: "1", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** The DDL Prisma derives from the datamodel alone (no database involved). */
export async function datamodelSql(kind: DatabaseKind, databaseUrl: string): Promise<string> {
  const { stdout } = await prismaCli(
    ["migrate", "diff", "--from-empty", "--to-schema-datamodel", SCHEMA_FILE[kind], "--script"],
    databaseUrl,
  );
  if (!/CREATE TABLE/i.test(stdout)) throw new Error(`unexpected migrate diff output:\n${stdout.slice(0, 500)}`);
  return stdout;
}

const IGNORED_TABLES = new Set(["_prisma_migrations", "sqlite_sequence"]);

type Row = Record<string, unknown>;
const sortBy = (rows: Row[], ...keys: string[]) =>
  [...rows].sort((a, b) => keys.map((k) => String(a[k]).localeCompare(String(b[k]))).find((c) => c !== 0) ?? 0);

/** Tables -> columns, indexes and foreign keys of a SQLite file, in a stable order. */
export function sqliteStructure(file: string): Record<string, unknown> {
  const conn = new Database(file, { readonly: true });
  try {
    const tables = (conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Row[])
      .map((r) => String(r.name))
      .filter((t) => !IGNORED_TABLES.has(t));
    const out: Record<string, unknown> = {};
    for (const t of tables) {
      const q = (sql: string) => conn.prepare(sql).all(t) as Row[];
      const indexes = sortBy(q('SELECT name, "unique", origin, partial FROM pragma_index_list(?)'), "name").map(
        (i) => ({
          ...i,
          columns: (
            conn.prepare("SELECT name FROM pragma_index_info(?) ORDER BY seqno").all(String(i.name)) as Row[]
          ).map((c) => c.name),
        }),
      );
      out[t] = {
        columns: q('SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid'),
        indexes,
        foreignKeys: sortBy(
          q('SELECT "table", "from", "to", on_update, on_delete FROM pragma_foreign_key_list(?)'),
          "from",
        ),
      };
    }
    return out;
  } finally {
    conn.close();
  }
}

export function applySqliteScript(file: string, sql: string): void {
  const conn = new Database(file);
  try {
    conn.exec(sql);
  } finally {
    conn.close();
  }
}

/** Tables -> columns, indexes and constraints of a PostgreSQL database's public schema. */
export async function postgresStructure(url: string): Promise<Record<string, unknown>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const ignored = [...IGNORED_TABLES];
    const columns = await client.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, ordinal_position
         FROM information_schema.columns
        WHERE table_schema = 'public' AND NOT (table_name = ANY($1))
        ORDER BY table_name, ordinal_position`,
      [ignored],
    );
    const indexes = await client.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = 'public' AND NOT (tablename = ANY($1)) ORDER BY tablename, indexname`,
      [ignored],
    );
    const constraints = await client.query(
      `SELECT rel.relname AS table_name, con.conname, pg_get_constraintdef(con.oid) AS def
         FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
         JOIN pg_namespace ns ON ns.oid = rel.relnamespace
        WHERE ns.nspname = 'public' AND NOT (rel.relname = ANY($1))
        ORDER BY rel.relname, con.conname`,
      [ignored],
    );
    const out: Record<string, { columns: Row[]; indexes: Row[]; constraints: Row[] }> = {};
    const entry = (t: string) => (out[t] ??= { columns: [], indexes: [], constraints: [] });
    for (const c of columns.rows) {
      const { table_name, ...rest } = c as Row;
      entry(String(table_name)).columns.push(rest);
    }
    for (const i of indexes.rows) entry(String(i.tablename)).indexes.push({ name: i.indexname, def: i.indexdef });
    for (const c of constraints.rows) entry(String(c.table_name)).constraints.push({ name: c.conname, def: c.def });
    return out;
  } finally {
    await client.end();
  }
}

export async function applyPostgresScript(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
