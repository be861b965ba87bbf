import "server-only";

// Raw SQL for the bookkeeping flush. The Prisma query compiler costs a lot of CPU per statement on
// the relay's busiest path, so the flush speaks SQL directly (same transaction semantics), with
// placeholders and booleans per dialect (SQLite "?" and 0/1, PostgreSQL "$n" and true/false).
import type BetterSqlite3 from "better-sqlite3";
import { env } from "@/lib/env";
import type { Prisma } from "@/lib/server/db";

type Tx = Prisma.TransactionClient;
type Value = string | number | boolean | null;

export type SqlBatch = { sql: string; params: Value[] };

const LOG_COLUMNS = [
  "createdAt",
  "type",
  "content",
  "userId",
  "username",
  "tokenName",
  "tokenId",
  "modelName",
  "quota",
  "promptTokens",
  "completionTokens",
  "useTime",
  "isStream",
  "channelId",
  "group",
  "ip",
  "requestId",
  "upstreamRequestId",
  "other",
] as const;

export type LogValues = Record<(typeof LOG_COLUMNS)[number], Value>;

function isPostgres(): boolean {
  return env().databaseType === "postgres";
}

/** Builds the statement with the dialect's placeholders. */
function statement(template: (next: () => string) => string, params: Value[]): SqlBatch {
  const pg = isPostgres();
  let i = 0;
  const sql = template(() => (pg ? `$${++i}` : "?"));
  const mapped = pg ? params : params.map((v) => (typeof v === "boolean" ? (v ? 1 : 0) : v));
  return { sql, params: mapped };
}

const MAX_LOG_ROWS = 128; // x 19 columns: under every engine's parameter limit

/**
 * Row counts of the INSERTs for `rows` log rows: powers of two up to MAX_LOG_ROWS, so there are only
 * eight statement shapes and SQLite's cached prepared statements stay few and small. One shape per
 * row count (up to 400 rows) used to keep up to 32 compiled statements: ~5 MB per process.
 */
export function logChunkSizes(rows: number): number[] {
  const sizes: number[] = [];
  let left = rows;
  for (let size = MAX_LOG_ROWS; size >= 1; size >>= 1) {
    while (left >= size) {
      sizes.push(size);
      left -= size;
    }
  }
  return sizes;
}

/**
 * SQLite: OR FAIL instead of the default ABORT. A multi-row INSERT under ABORT keeps a statement
 * journal (the original of every page it changes, spilled to a temp file past 64 KB) so that a failing
 * row can undo the statement alone; the flush never needs that, as any error rolls back its whole
 * transaction (runAllSqlite, or Prisma's). Without the journal a log row costs ~24 % less CPU to write
 * (12.1 -> 9.2 µs, 270-row flushes of the real schema, alternated runs, 2026-11-28).
 */
const insertLogsVerb = (): string => (isPostgres() ? "INSERT INTO" : "INSERT OR FAIL INTO");

export function insertLogs(rows: LogValues[]): SqlBatch[] {
  const batches: SqlBatch[] = [];
  const verb = insertLogsVerb();
  let i = 0;
  for (const size of logChunkSizes(rows.length)) {
    const chunk = rows.slice(i, (i += size));
    const params: Value[] = [];
    for (const r of chunk) for (const c of LOG_COLUMNS) params.push(r[c]);
    const cols = LOG_COLUMNS.map((c) => `"${c}"`).join(", ");
    batches.push(
      statement(
        (next) =>
          `${verb} "logs" (${cols}) VALUES ${chunk.map(() => `(${LOG_COLUMNS.map(() => next()).join(", ")})`).join(", ")}`,
        params,
      ),
    );
  }
  return batches;
}

export function addToUser(id: number, quota: number, used: number, requests: number): SqlBatch {
  return statement(
    (n) =>
      `UPDATE "users" SET "quota" = "quota" + ${n()}, "usedQuota" = "usedQuota" + ${n()}, "requestCount" = "requestCount" + ${n()} WHERE "id" = ${n()}`,
    [quota, used, requests, id],
  );
}

/** A subscription's used quota, only while the quota period it was charged in lasts (plan-accounts.ts). */
export function addToPlan(sub: number, epoch: number, used: number): SqlBatch {
  return statement(
    (n) =>
      `UPDATE "user_subscriptions" SET "amountUsed" = "amountUsed" + ${n()} WHERE "id" = ${n()} AND "quotaEpoch" = ${n()}`,
    [used, sub, epoch],
  );
}

export function addToToken(id: number, remain: number, used: number, accessed: number): SqlBatch {
  if (accessed) {
    return statement(
      (n) =>
        `UPDATE "tokens" SET "remainQuota" = "remainQuota" + ${n()}, "usedQuota" = "usedQuota" + ${n()}, "accessedTime" = ${n()} WHERE "id" = ${n()}`,
      [remain, used, accessed, id],
    );
  }
  return statement(
    (n) =>
      `UPDATE "tokens" SET "remainQuota" = "remainQuota" + ${n()}, "usedQuota" = "usedQuota" + ${n()} WHERE "id" = ${n()}`,
    [remain, used, id],
  );
}

export function addToChannel(id: number, used: number): SqlBatch {
  return statement((n) => `UPDATE "channels" SET "usedQuota" = "usedQuota" + ${n()} WHERE "id" = ${n()}`, [used, id]);
}

export type BucketValues = {
  userId: number;
  username: string;
  modelName: string;
  createdAt: number;
  useGroup: string;
  tokenId: number;
  channelId: number;
  nodeName: string;
  count: number;
  quota: number;
  tokenUsed: number;
};

export function upsertBucket(b: BucketValues): SqlBatch {
  return statement(
    (n) =>
      `INSERT INTO "quota_data" ("userId", "username", "modelName", "createdAt", "useGroup", "tokenId", "channelId", "nodeName", "count", "quota", "tokenUsed") ` +
      `VALUES (${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}, ${n()}) ` +
      `ON CONFLICT ("userId", "modelName", "createdAt", "useGroup", "tokenId", "channelId", "nodeName") DO UPDATE SET ` +
      `"count" = "quota_data"."count" + excluded."count", "quota" = "quota_data"."quota" + excluded."quota", "tokenUsed" = "quota_data"."tokenUsed" + excluded."tokenUsed"`,
    [
      b.userId,
      b.username,
      b.modelName,
      b.createdAt,
      b.useGroup,
      b.tokenId,
      b.channelId,
      b.nodeName,
      b.count,
      b.quota,
      b.tokenUsed,
    ],
  );
}

export async function run(tx: Tx, batch: SqlBatch): Promise<void> {
  await tx.$executeRawUnsafe(batch.sql, ...batch.params);
}

/** SQLite: a user's stored quota (the ledger loads balances this way where it has the connection). */
export function readUserQuota(conn: BetterSqlite3.Database, id: number): number {
  const row = statementFor(conn, `SELECT "quota" FROM "users" WHERE "id" = ?`).get(id) as
    { quota: unknown } | undefined;
  return Number(row?.quota ?? 0);
}

/** SQLite: a token's stored remaining quota and whether it is unlimited. */
export function readTokenBalance(conn: BetterSqlite3.Database, id: number): { remain: number; unlimited: boolean } {
  const row = statementFor(conn, `SELECT "remainQuota", "unlimitedQuota" FROM "tokens" WHERE "id" = ?`).get(id) as
    { remainQuota: unknown; unlimitedQuota: unknown } | undefined;
  return { remain: Number(row?.remainQuota ?? 0), unlimited: !!Number(row?.unlimitedQuota ?? 0) };
}

/** Prepared statements of the SQLite flush, by SQL text (bounded: log inserts vary in row count). */
const prepared = new Map<string, BetterSqlite3.Statement>();
const MAX_PREPARED = 32;

/**
 * SQLite: runs the batches in one transaction, synchronously, on the connection under Prisma (no
 * query compiler, statements prepared once). The caller checks that no Prisma transaction is open on
 * it; nothing can start one meanwhile, as this never yields to the event loop.
 */
export function runAllSqlite(conn: BetterSqlite3.Database, batches: SqlBatch[]): void {
  conn.transaction(() => {
    for (const b of batches) statementFor(conn, b.sql).run(...b.params);
  })();
}

function statementFor(conn: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let stmt = prepared.get(sql);
  if (!stmt || stmt.database !== conn) {
    if (prepared.size >= MAX_PREPARED) prepared.clear();
    stmt = conn.prepare(sql);
    prepared.set(sql, stmt);
  }
  return stmt;
}
