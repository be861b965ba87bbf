// A new-api (or one-api) database as its gorm models create it (./new-api-schema.ts, ./new-api-ddl.ts),
// filled with the rows an operator's installation holds: root, a disabled and a soft-deleted user,
// bcrypt passwords, tokens with limits (models, IP allow-list, expiry, unlimited), a multi-key channel,
// model mappings, ratios and unknown options, used and unused redemption codes, top-ups, logs over
// several days, quota data, check-ins, a Midjourney and a task record, subscription plans, users'
// subscriptions and plan orders. FIXTURE and SUBSCRIPTIONS say what the tests may rely on.
import Database from "better-sqlite3";
import type { Connection } from "mysql2/promise";
import type { Client } from "pg";
import { createStatements } from "./new-api-ddl";
import { tablesOf } from "./new-api-schema";
import { fixtureRows, logRows, type FixtureOptions, type Product, type Row } from "./new-api-fixture-rows";

export { FIXTURE, fixtureRows, logRows } from "./new-api-fixture-rows";
export { SUBSCRIPTIONS } from "./new-api-fixture-subscriptions";
export type { FixtureOptions, FixturePasskey, Product, Row } from "./new-api-fixture-rows";

const sqliteValue = (v: Row[string]) => (typeof v === "boolean" ? (v ? 1 : 0) : v);

/** Writes the fixture into a new SQLite file at `file`, as new-api would have left it. */
export function createSqliteFixture(file: string, o: FixtureOptions = {}): void {
  const product = o.product ?? "new-api";
  const now = o.now ?? Math.floor(Date.now() / 1000);
  const conn = new Database(file);
  // A test fixture: no fsync per statement (~80 CREATE statements cost 2 s with one each).
  conn.pragma("synchronous = OFF");
  try {
    const insert = (table: string, rows: Iterable<Row>) => {
      let stmt: Database.Statement | undefined;
      for (const row of rows) {
        const cols = Object.keys(row);
        stmt ??= conn.prepare(
          `INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(",")}) VALUES (${cols.map(() => "?").join(",")})`,
        );
        stmt.run(cols.map((c) => sqliteValue(row[c]!)));
      }
    };
    conn.transaction(() => {
      for (const table of tablesOf(product)) for (const sql of createStatements("sqlite", table)) conn.exec(sql);
      for (const [table, rows] of Object.entries(fixtureRows({ ...o, now }))) insert(table, rows);
      insert("logs", logRows(product, o.logs ?? 100, now));
    })();
  } finally {
    conn.close();
  }
}

/** Every table's rows through `insert`, the logs in batches of 1,000 (for the server engines). */
async function fill(
  o: FixtureOptions & { product: Product; now: number },
  insert: (table: string, rows: Row[]) => Promise<void>,
) {
  for (const [table, rows] of Object.entries(fixtureRows(o))) await insert(table, rows);
  let batch: Row[] = [];
  for (const row of logRows(o.product, o.logs ?? 100, o.now)) {
    batch.push(row);
    if (batch.length === 1_000) [batch] = [[], await insert("logs", batch)];
  }
  await insert("logs", batch);
}

/** Writes the fixture into the (empty) MySQL/MariaDB database of `conn`, as new-api on MySQL would. */
export async function createMysqlFixture(conn: Connection, o: FixtureOptions = {}): Promise<void> {
  const product = o.product ?? "new-api";
  const now = o.now ?? Math.floor(Date.now() / 1000);
  for (const table of tablesOf(product)) for (const sql of createStatements("mysql", table)) await conn.query(sql);
  // DATETIME(3) takes no zone: gorm writes UTC there.
  const value = (v: Row[string]) =>
    typeof v === "string" && /^\d{4}-\d\d-\d\d \d/.test(v) ? v.replace(/\+00:00$/, "") : v;
  const insert = async (table: string, rows: Row[]) => {
    if (!rows.length) return;
    const cols = Object.keys(rows[0]!);
    const sql = `INSERT INTO \`${table}\` (${cols.map((c) => `\`${c}\``).join(",")}) VALUES ?`;
    await conn.query(sql, [rows.map((r) => cols.map((c) => value(r[c]!)))]);
  };
  await fill({ ...o, product, now }, insert);
}

/** Writes the fixture into the (empty) PostgreSQL database of `client`, as new-api on PostgreSQL would. */
export async function createPostgresFixture(client: Client, o: FixtureOptions = {}): Promise<void> {
  const product = o.product ?? "new-api";
  const now = o.now ?? Math.floor(Date.now() / 1000);
  for (const table of tablesOf(product)) for (const sql of createStatements("postgres", table)) await client.query(sql);
  const insert = async (table: string, rows: Row[]) => {
    if (!rows.length) return;
    const cols = Object.keys(rows[0]!);
    const params: Row[string][] = [];
    const tuples = rows.map((r) => `(${cols.map((c) => `$${params.push(r[c]!)}`).join(",")})`);
    await client.query(
      `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(",")}) VALUES ${tuples.join(",")}`,
      params,
    );
  };
  await fill({ ...o, product, now }, insert);
}
