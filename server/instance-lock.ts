import "server-only";

// One owner per database without Redis. The process that serves alone (WORKERS=1) or the primary
// (WORKERS > 1) keeps the balances in memory and is the only one to move them: a second gateway on
// the same database without REDIS_URL (`docker compose --scale`, Kubernetes replicas, a second
// `npm start` in the same folder) would keep balances of its own, and each would let tokens spend
// what the other had already charged. So the owner holds a lock for as long as it lives, and a second
// owner refuses to start:
// - SQLite: an exclusive SQLite lock on a file beside the database;
// - PostgreSQL: a session advisory lock on a connection of its own.
// Either goes with the process (kill -9 included): nothing stale is left to clean up.
// With REDIS_URL the balances are shared through Redis and several instances are the design.
import BetterSqlite3 from "better-sqlite3";
import type { Client } from "pg";
import { env } from "@/lib/env";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { singleton } from "@/lib/server/singleton";

export class DatabaseInUseError extends Error {
  constructor(what: string) {
    super(
      `another gateway process is using this ${what} without REDIS_URL: one process owns its balances. ` +
        "Stop the other one, or run several instances with REDIS_URL (README).",
    );
    this.name = "DatabaseInUseError";
  }
}

/** The advisory lock's key (pg advisory locks are per database): "gwledger" in ASCII, as an int8. */
const PG_LOCK_KEY = "7455546890867139954";
/** After a lost PostgreSQL connection: how often the lock is asked for again. */
const PG_RETRY_MS = 5_000;

const held = singleton<{ sqlite: BetterSqlite3.Database | null; pg: Client | null }>("instance-lock", () => ({
  sqlite: null,
  pg: null,
}));

function lockSqlite(databasePath: string): void {
  let conn: BetterSqlite3.Database | null = null;
  try {
    // timeout 0: a held lock answers SQLITE_BUSY at once instead of after better-sqlite3's 5 s.
    conn = new BetterSqlite3(`${databasePath}.owner-lock`, { timeout: 0 });
    conn.pragma("locking_mode = EXCLUSIVE");
    conn.exec("CREATE TABLE IF NOT EXISTS owner (pid INTEGER)");
    // Never committed: the exclusive lock stays with this connection, and so with this process.
    conn.exec("BEGIN EXCLUSIVE");
    held.sqlite = conn;
  } catch (err) {
    conn?.close();
    if ((err as { code?: string }).code?.startsWith("SQLITE_BUSY"))
      throw new DatabaseInUseError(`SQLite database (${databasePath})`);
    // A folder that refuses the lock file (read-only, odd file system) must not stop the gateway.
    logger().warn({ err, databasePath }, "could not take the database's instance lock; starting without it");
  }
}

/** Connects and asks for the advisory lock; answers whether this process holds it now. */
async function tryLockPostgres(url: string): Promise<boolean> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS locked", [
    PG_LOCK_KEY,
  ]);
  if (!rows[0]?.locked) {
    await client.end();
    return false;
  }
  held.pg = client;
  // The lock lives as long as this connection: once it is lost, take it again, or stop if another
  // gateway took it meanwhile (two owners must never run side by side).
  client.on("error", (err) => logger().error({ err }, "the connection holding the database's instance lock failed"));
  client.once("end", () => {
    held.pg = null;
    const retry = (): void => {
      tryLockPostgres(url).then(
        (locked) => {
          if (locked) return logger().info("instance lock of the database taken again");
          logger().fatal(new DatabaseInUseError("PostgreSQL database").message);
          process.kill(process.pid, "SIGTERM");
        },
        () => setTimeout(retry, PG_RETRY_MS).unref(),
      );
    };
    setTimeout(retry, PG_RETRY_MS).unref();
  });
  return true;
}

/**
 * Takes the owner lock of the database (nothing to do with Redis). Rejects with DatabaseInUseError
 * when another live process holds it.
 */
export async function lockOwnedDatabase(): Promise<void> {
  const { DATABASE_URL, databaseType } = env();
  if (redisEnabled() || held.sqlite || held.pg) return;
  if (databaseType === "sqlite") return lockSqlite(DATABASE_URL.replace(/^file:/, ""));
  if (!(await tryLockPostgres(DATABASE_URL))) throw new DatabaseInUseError("PostgreSQL database");
}
