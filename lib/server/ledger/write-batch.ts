import "server-only";

// One flush of the bookkeeping writer (bookkeeping.ts): balance deltas, logs and usage buckets in one
// transaction, so logs and balances never disagree. When that fails, the failure may be one row the
// database refuses (review 3, N5: a NUL in a log on PostgreSQL stopped every later flush of every
// balance, retried as a whole for ever). The balances are then written alone, and the logs and
// buckets in halves down to single rows: a row that still fails alone is set aside and reported
// (its ids, never its text), and everything else persists.
import { db, sqliteConnection } from "@/lib/server/db";
import {
  addToChannel,
  addToPlan,
  addToToken,
  addToUser,
  insertLogs,
  run,
  runAllSqlite,
  upsertBucket,
  type SqlBatch,
} from "@/lib/server/ledger/flush-sql";
import { emptyDeltas, type Deltas } from "@/lib/server/ledger/deltas";
import { sharedLockStatement } from "@/lib/server/ledger/balance-lock";
import { finiteDelta } from "@/lib/server/ledger/storable";
import { redisEnabled } from "@/lib/server/redis/client";
import { logger } from "@/lib/server/logger";
import type { Bucket, LogRow } from "@/lib/server/ledger/bookkeeping";

async function writeAll(deltas: Deltas, logs: LogRow[], buckets: Bucket[], nodeName: string): Promise<void> {
  const batches: SqlBatch[] = [];
  // A non-finite delta would write NULL and fail the whole batch on every retry: logged and left out.
  for (const [id, d] of deltas.users)
    if (finiteDelta("user", id, [d.quota, d.used, d.requests]))
      batches.push(addToUser(id, d.quota, d.used, d.requests));
  for (const [id, d] of deltas.tokens)
    if (finiteDelta("token", id, [d.remain, d.used, d.accessed]))
      batches.push(addToToken(id, d.remain, d.used, d.accessed));
  for (const [id, used] of deltas.channels)
    if (finiteDelta("channel", id, [used])) batches.push(addToChannel(id, used));
  for (const d of deltas.plans.values())
    if (finiteDelta("subscription", d.sub, [d.used])) batches.push(addToPlan(d.sub, d.epoch, d.used));
  batches.push(...insertLogs(logs.map((l) => ({ ...l, upstreamRequestId: "" }))));
  for (const b of buckets) {
    batches.push(
      upsertBucket({
        userId: b.userId,
        username: b.username,
        modelName: b.modelName,
        createdAt: b.hour,
        useGroup: b.group,
        tokenId: b.tokenId,
        channelId: b.channelId,
        nodeName,
        count: b.count,
        quota: b.quota,
        tokenUsed: b.tokens,
      }),
    );
  }
  const lock = redisEnabled() ? sharedLockStatement() : null;
  // SQLite without a Prisma transaction open on the connection: straight through it (flush-sql.ts).
  const conn = lock ? null : sqliteConnection();
  if (conn && !conn.inTransaction) return runAllSqlite(conn, batches);
  await db().$transaction(async (tx) => {
    // With Redis, an outside balance write on another instance must not interleave (balance-lock.ts).
    if (lock) await tx.$executeRawUnsafe(lock);
    for (const batch of batches) await run(tx, batch);
  });
}

/** Writes `rows` with `write`, in halves when a part fails, down to single rows that are set aside. */
async function writeApart<T>(
  rows: T[],
  write: (part: T[]) => Promise<void>,
  setAside: (row: T, err: unknown) => void,
): Promise<void> {
  if (!rows.length) return;
  try {
    return await write(rows);
  } catch (err) {
    if (rows.length === 1) return setAside(rows[0]!, err);
  }
  const mid = rows.length >> 1;
  await writeApart(rows.slice(0, mid), write, setAside);
  await writeApart(rows.slice(mid), write, setAside);
}

/**
 * The batch in one transaction; if that fails, the deltas alone (throwing when even they fail: the
 * database is down, and the caller keeps everything for the next flush), then the logs and buckets
 * apart.
 */
export async function writeBatch(deltas: Deltas, logs: LogRow[], buckets: Bucket[], nodeName: string): Promise<void> {
  try {
    return await writeAll(deltas, logs, buckets, nodeName);
  } catch (err) {
    logger().warn({ err }, "bookkeeping flush failed; writing the balances alone, then the rows apart");
  }
  await writeAll(deltas, [], [], nodeName);
  const none = emptyDeltas();
  await writeApart(
    logs,
    (part) => writeAll(none, part, [], nodeName),
    (row, err) =>
      logger().error(
        { err, requestId: row.requestId, type: row.type, userId: row.userId, createdAt: row.createdAt },
        "bookkeeping: the database refuses a log row; set aside",
      ),
  );
  await writeApart(
    buckets,
    (part) => writeAll(none, [], part, nodeName),
    (b, err) =>
      logger().error(
        { err, userId: b.userId, tokenId: b.tokenId, channelId: b.channelId, hour: b.hour },
        "bookkeeping: the database refuses a usage bucket; set aside",
      ),
  );
}
