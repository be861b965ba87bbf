// The SQLite connection under Prisma (lib/server/db.ts): WAL, synchronous=NORMAL, and SQLite's own
// 2 MB page cache (better-sqlite3 compiles SQLite with a 16 MB default, which filled up under load and
// stayed resident in every process).
import { db, sqliteConnection, SQLITE_CACHE_SIZE } from "@/lib/server/db";
import { setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

test("the connection runs in WAL mode with a 2 MB page cache", async () => {
  await db().user.count();
  const cacheSize = () => Number(sqliteConnection()?.pragma("cache_size", { simple: true }));
  // The pragmas are chained after the client's creation, in the background: poll with a deadline.
  const deadline = Date.now() + 5_000;
  while (cacheSize() !== SQLITE_CACHE_SIZE && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(SQLITE_CACHE_SIZE).toBe(-2000);
  expect(cacheSize()).toBe(SQLITE_CACHE_SIZE);
  const conn = sqliteConnection()!;
  expect(conn.pragma("journal_mode", { simple: true })).toBe("wal");
  expect(Number(conn.pragma("synchronous", { simple: true }))).toBe(1); // NORMAL
});
