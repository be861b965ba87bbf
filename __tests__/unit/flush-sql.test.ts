// The bookkeeping flush's log INSERTs: every row written once, in order, by statements of a few
// fixed shapes (SQLite keeps one compiled statement per shape), and all or nothing per flush.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { insertLogs, logChunkSizes, runAllSqlite, type LogValues } from "@/lib/server/ledger/flush-sql";

function row(i: number): LogValues {
  return {
    createdAt: 1_700_000_000 + i,
    type: 2,
    content: `row ${i}`,
    userId: 1,
    username: "u",
    tokenName: "t",
    tokenId: 1,
    modelName: "m",
    quota: i,
    promptTokens: 1,
    completionTokens: 1,
    useTime: 0,
    isStream: false,
    channelId: 1,
    group: "default",
    ip: "",
    requestId: `r${i}`,
    upstreamRequestId: "",
    other: "{}",
  };
}

test("row counts are powers of two up to 128 that add up to the rows", () => {
  expect(logChunkSizes(0)).toEqual([]);
  expect(logChunkSizes(1)).toEqual([1]);
  expect(logChunkSizes(7)).toEqual([4, 2, 1]);
  expect(logChunkSizes(300)).toEqual([128, 128, 32, 8, 4]);
  for (let n = 0; n <= 1000; n++) {
    const sizes = logChunkSizes(n);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
    for (const s of sizes) expect([1, 2, 4, 8, 16, 32, 64, 128]).toContain(s);
  }
});

test("1,000 rows of any count use at most eight statement texts, every row once and in order", () => {
  const texts = new Set<string>();
  for (const n of [1, 3, 77, 128, 129, 255, 400, 1000]) {
    const batches = insertLogs(Array.from({ length: n }, (_, i) => row(i)));
    for (const b of batches) texts.add(b.sql);
    const quotas = batches.flatMap((b) => b.params.filter((_, i) => i % 19 === 8));
    expect(quotas).toEqual(Array.from({ length: n }, (_, i) => i));
    for (const b of batches) expect(b.params.length).toBe(19 * (b.sql.match(/\(\?/g) ?? []).length);
  }
  expect(texts.size).toBeLessThanOrEqual(8);
});

/** An in-memory SQLite database with the tables of the first migration (logs and its indexes). */
function migratedDb(): Database.Database {
  const conn = new Database(":memory:");
  conn.exec(fs.readFileSync(path.join(__dirname, "../../prisma/migrations/20261121000000_init/migration.sql"), "utf8"));
  return conn;
}

test("SQLite log INSERTs run without a statement journal (OR FAIL) and still write every row", () => {
  const conn = migratedDb();
  const batches = insertLogs(Array.from({ length: 300 }, (_, i) => row(i)));
  for (const b of batches) expect(b.sql).toMatch(/^INSERT OR FAIL INTO "logs"/);
  runAllSqlite(conn, batches);
  const rows = conn.prepare(`SELECT "quota" FROM "logs" ORDER BY "id"`).all() as { quota: number }[];
  expect(rows.map((r) => r.quota)).toEqual(Array.from({ length: 300 }, (_, i) => i));
});

test("a row that fails inside a multi-row INSERT leaves nothing of the flush behind", () => {
  const conn = migratedDb();
  runAllSqlite(conn, insertLogs([row(0)]));
  // Row 100 of a 128-row statement breaks a NOT NULL constraint after 100 rows went in: the whole
  // transaction, earlier statements and the rows before it in the same statement, rolls back.
  const bad = Array.from({ length: 200 }, (_, i) => row(i + 1));
  (bad[100] as unknown as { content: null }).content = null;
  expect(() => runAllSqlite(conn, insertLogs(bad))).toThrow(/NOT NULL/);
  expect(conn.inTransaction).toBe(false);
  expect(conn.prepare(`SELECT COUNT(*) AS n FROM "logs"`).get()).toEqual({ n: 1 });
});
