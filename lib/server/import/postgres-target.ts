import "server-only";

// The PostgreSQL target: one pg client, multi-row INSERTs (a page of rows per statement, under the
// 65,535 parameters a statement may carry), then setval on every serial id so the next row's id is
// above the largest imported one.
import { Client } from "pg";
import { IN_USE_SQL, valuesOf, type TargetWriter } from "@/lib/server/import/target";
import type { TargetRow } from "@/lib/server/import/target-tables";

function pgValue(kind: string, v: TargetRow[string]): unknown {
  if (v === null) return null;
  if (kind === "bool") return !!v;
  if (kind === "date") return v instanceof Date ? v.toISOString() : v;
  if (kind === "bigint") return String(typeof v === "bigint" ? v : Math.trunc(Number(v)));
  return v;
}

const MAX_PARAMS = 60_000;

export async function openPostgresTarget(url: string): Promise<TargetWriter> {
  const client = new Client({ connectionString: url });
  await client.connect();
  const count = async (sql: string) => Number((await client.query<{ n: string }>(sql)).rows[0]?.n ?? 0);
  return {
    engine: "postgres",
    inUse: async () =>
      (await count(IN_USE_SQL.setup)) ? "set_up" : (await count(IN_USE_SQL.users)) ? "has_users" : null,
    begin: async () => void (await client.query("BEGIN")),
    commit: async () => void (await client.query("COMMIT")),
    rollback: async () => void (await client.query("ROLLBACK")),
    insert: async (table, rows) => {
      const width = table.columns.length;
      const per = Math.max(1, Math.floor(MAX_PARAMS / width));
      const cols = table.columns.map(([c]) => `"${c}"`).join(", ");
      for (let start = 0; start < rows.length; start += per) {
        const slice = rows.slice(start, start + per);
        const params: unknown[] = [];
        const tuples = slice.map((row) => {
          const values = valuesOf(table, row);
          const marks = values.map((v, i) => {
            params.push(pgValue(table.columns[i]![1], v));
            return `$${params.length}`;
          });
          return `(${marks.join(", ")})`;
        });
        await client.query(
          `INSERT INTO "${table.name}" (${cols}) VALUES ${tuples.join(", ")} ${table.onConflict ?? ""}`,
          params,
        );
      }
    },
    scalar: async (sql) =>
      BigInt((((await client.query({ text: sql, rowMode: "array" })).rows[0] as unknown[])[0] as string) ?? 0),
    wipe: async (tables, optionKeys) => {
      const names = tables.filter((t) => t.name !== "options").map((t) => `"${t.name}"`);
      await client.query(`TRUNCATE ${names.join(", ")} RESTART IDENTITY CASCADE`);
      await client.query('DELETE FROM "options" WHERE "key" = ANY($1)', [optionKeys]);
    },
    moveSequences: async (tables, floors) => {
      for (const t of tables.filter((x) => x.serialId)) {
        const floor = floors.get(t.name) ?? 0;
        await client.query(
          `SELECT setval(pg_get_serial_sequence('"${t.name}"', 'id'), GREATEST((SELECT COALESCE(MAX("id"), 0) FROM "${t.name}"), $1::bigint, 1), (SELECT COUNT(*) > 0 FROM "${t.name}") OR $1::bigint > 0)`,
          [floor],
        );
      }
    },
    close: async () => void (await client.end()),
  };
}
