import "server-only";

// The single Prisma client of the process. SQLite (better-sqlite3) by default; PostgreSQL when
// DATABASE_URL is postgres://. Both generated clients come from the same schema, so they expose the
// same API; the PostgreSQL one is typed as the SQLite one.
//
// Kept on globalThis: the custom server (server/main.ts) and Next's bundled route handlers load
// separate copies of this module in one process, and they must share one connection pool.
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import type { PrismaPg } from "@prisma/adapter-pg";
import BetterSqlite3 from "better-sqlite3";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgres/client";
import { env } from "@/lib/env";
import { postgresPoolSize } from "@/lib/server/db-pool";

export type Db = SqliteClient;
export type { Prisma } from "@/lib/generated/sqlite/client";

// The PostgreSQL adapter (and pg under it) is ~3 MB of heap that a SQLite process never uses: it is
// loaded when Prisma first connects, behind a factory with the same identity.
function postgresAdapter(connectionString: string): PrismaPg {
  const load = async () => {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    return new PrismaPg({ connectionString, max: postgresPoolSize() });
  };
  const factory = {
    provider: "postgres" as const,
    adapterName: "@prisma/adapter-pg",
    connect: async () => (await load()).connect(),
    connectToShadowDb: async () => (await load()).connectToShadowDb(),
  };
  return factory as unknown as PrismaPg;
}

function createClient(): Db {
  const { DATABASE_URL, databaseType } = env();
  if (databaseType === "postgres") {
    return new PostgresClient({ adapter: postgresAdapter(DATABASE_URL) }) as unknown as Db;
  }
  const adapter = new PrismaBetterSQLite3({ url: DATABASE_URL.replace(/^file:/, ""), timeout: 5000 });
  // Keep the adapter's own connection: the bookkeeping flush writes through it without Prisma's
  // query compiler, which cost ~10 % of the relay's CPU (lib/server/ledger/flush-sql.ts).
  const connect = adapter.connect.bind(adapter);
  adapter.connect = async () => {
    const a = await connect();
    g.__gatewaySqlite = (a as unknown as { client?: BetterSqlite3.Database }).client;
    return a;
  };
  const client = new SqliteClient({ adapter });
  // WAL + synchronous=NORMAL: readers never block the writer, and a commit no longer waits for an
  // fsync (better-sqlite3 is synchronous, so an fsync would stall the whole event loop). A process
  // crash loses nothing committed; only a power loss can drop the last moments.
  void client
    .$queryRawUnsafe("PRAGMA journal_mode=WAL")
    .then(() => client.$queryRawUnsafe("PRAGMA synchronous=NORMAL"))
    .then(() => client.$queryRawUnsafe(`PRAGMA cache_size=${SQLITE_CACHE_SIZE}`))
    .catch(() => undefined);
  return client;
}

// SQLite's page cache, in KiB when negative. better-sqlite3 compiles SQLite with a 16 MB default,
// which the relay's writes (log rows appended at the end of their indexes, a few balance rows)
// never need: it filled up under load and stayed resident, in every worker and the primary.
// SQLite's own default of 2 MB: -13 MB RSS per process, CPU per request unchanged (2026-11-26).
export const SQLITE_CACHE_SIZE = -2000;

const g = globalThis as unknown as { __gatewayDb?: Db; __gatewaySqlite?: BetterSqlite3.Database };

/**
 * The SQLite connection under the Prisma client, once Prisma has opened it (null on PostgreSQL or
 * before the first query). Same connection, so its writes and Prisma's never contend for a lock.
 */
export function sqliteConnection(): BetterSqlite3.Database | null {
  const c = g.__gatewaySqlite;
  return c?.open ? c : null;
}

export function db(): Db {
  g.__gatewayDb ??= createClient();
  return g.__gatewayDb;
}

/** Closes the pool (tests, graceful shutdown). */
export async function disconnectDb(): Promise<void> {
  const client = g.__gatewayDb;
  g.__gatewayDb = undefined;
  g.__gatewaySqlite = undefined;
  await client?.$disconnect();
}
