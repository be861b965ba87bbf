import "server-only";

// The SQLite target: better-sqlite3 on the gateway's file, one prepared INSERT per table, each
// group in a BEGIN IMMEDIATE … COMMIT. SQLite's AUTOINCREMENT keeps the largest id it has seen in
// sqlite_sequence, which an explicit id raises: new rows get ids above the imported ones without a step.
import Database from "better-sqlite3";
import { IN_USE_SQL, valuesOf, type TargetWriter } from "@/lib/server/import/target";
import type { TargetRow } from "@/lib/server/import/target-tables";

function sqliteValue(kind: string, v: TargetRow[string]): unknown {
  if (v === null) return null;
  if (kind === "bool") return v ? 1 : 0;
  if (kind === "date") return v instanceof Date ? v.toISOString().replace("Z", "+00:00") : v;
  if (kind === "bigint") return typeof v === "bigint" ? v : BigInt(Math.trunc(Number(v)));
  return v;
}

export function openSqliteTarget(file: string): TargetWriter {
  const conn = new Database(file);
  conn.pragma("journal_mode = WAL");
  conn.pragma("synchronous = NORMAL");
  conn.pragma("foreign_keys = ON");
  const statements = new Map<string, Database.Statement>();
  const count = (sql: string) => Number((conn.prepare(sql).get() as { n: number }).n);
  return {
    engine: "sqlite",
    inUse: async () => (count(IN_USE_SQL.setup) ? "set_up" : count(IN_USE_SQL.users) ? "has_users" : null),
    begin: async () => void conn.exec("BEGIN IMMEDIATE"),
    commit: async () => void conn.exec("COMMIT"),
    rollback: async () => {
      if (conn.inTransaction) conn.exec("ROLLBACK");
    },
    insert: async (table, rows) => {
      let stmt = statements.get(table.name);
      if (!stmt) {
        const cols = table.columns.map(([c]) => `"${c}"`).join(", ");
        stmt = conn.prepare(
          `INSERT INTO "${table.name}" (${cols}) VALUES (${table.columns.map(() => "?").join(", ")}) ${table.onConflict ?? ""}`,
        );
        statements.set(table.name, stmt);
      }
      for (const row of rows) {
        const values = valuesOf(table, row);
        stmt.run(values.map((v, i) => sqliteValue(table.columns[i]![1], v)));
      }
    },
    scalar: async (sql) =>
      BigInt(((conn.prepare(sql).safeIntegers(true).raw().get() as unknown[])[0] as bigint | null) ?? 0n),
    wipe: async (tables, optionKeys) => {
      const dropOption = conn.prepare('DELETE FROM "options" WHERE "key" = ?');
      conn.transaction(() => {
        for (const t of tables) if (t.name !== "options") conn.exec(`DELETE FROM "${t.name}"`);
        for (const k of optionKeys) dropOption.run(k);
        conn.exec("DELETE FROM sqlite_sequence");
      })();
    },
    // An explicit id already raised sqlite_sequence past every imported row; ids of rows left behind
    // are set there too.
    moveSequences: async (tables, floors) => {
      const add = conn.prepare(
        "INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)",
      );
      const raise = conn.prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = ? AND seq < ?");
      for (const t of tables.filter((x) => x.serialId)) {
        const floor = floors.get(t.name) ?? 0;
        if (floor <= 0) continue;
        add.run(t.name, t.name);
        raise.run(floor, t.name, floor);
      }
    },
    close: async () => void conn.close(),
  };
}
