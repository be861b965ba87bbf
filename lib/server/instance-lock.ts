import "server-only";

// One owner per embedded database. Without Redis, the process that serves alone (WORKERS=1) or the
// primary (WORKERS > 1) keeps the balances in memory and is the only one to move them: a second
// gateway started on the same SQLite file (`docker compose --scale`, two services sharing a volume,
// a second `npm start` in the same folder) would keep balances of its own, and each would let tokens
// spend what the other had already charged. So the owner holds an exclusive SQLite lock on a file
// beside the database for as long as it lives, and a second owner refuses to start. The operating
// system drops the lock with the process (even after kill -9): nothing stale is left to clean up.
// With REDIS_URL the balances are shared through Redis and several instances are the design.
import BetterSqlite3 from "better-sqlite3";
import { env } from "@/lib/env";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

export class DatabaseInUseError extends Error {
  constructor(databasePath: string) {
    super(
      `another gateway process is using this SQLite database (${databasePath}): one process owns its ` +
        "balances. Stop the other one, or run several instances on PostgreSQL + Redis (README).",
    );
    this.name = "DatabaseInUseError";
  }
}

const held = singleton<{ conn: BetterSqlite3.Database | null }>("instance-lock", () => ({ conn: null }));

/**
 * Takes the instance lock of the embedded database (nothing to do on PostgreSQL or with Redis).
 * Throws DatabaseInUseError when another live process holds it.
 */
export function lockEmbeddedDatabase(): void {
  const { DATABASE_URL, databaseType } = env();
  if (databaseType !== "sqlite" || redisEnabled() || held.conn) return;
  const databasePath = DATABASE_URL.replace(/^file:/, "");
  let conn: BetterSqlite3.Database | null = null;
  try {
    // timeout 0: a held lock answers SQLITE_BUSY at once instead of after better-sqlite3's 5 s.
    conn = new BetterSqlite3(`${databasePath}.owner-lock`, { timeout: 0 });
    conn.pragma("locking_mode = EXCLUSIVE");
    conn.exec("CREATE TABLE IF NOT EXISTS owner (pid INTEGER)");
    // Never committed: the exclusive lock stays with this connection, and so with this process.
    conn.exec("BEGIN EXCLUSIVE");
    held.conn = conn;
  } catch (err) {
    conn?.close();
    if ((err as { code?: string }).code?.startsWith("SQLITE_BUSY")) throw new DatabaseInUseError(databasePath);
    // A folder that refuses the lock file (read-only, odd file system) must not stop the gateway.
    logger().warn({ err, databasePath }, "could not take the database's instance lock; starting without it");
  }
}
