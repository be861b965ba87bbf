import "server-only";

// With Redis, the dashboard's hourly usage buckets (quota_data) of every instance add up in Redis
// (three hashes: count, quota, tokens, one field per bucket) and ONE instance, the holder of the
// "usage-flush" cluster job, writes them to the database every DataExportInterval minutes. Nothing
// is lost when an instance dies, and a busy hour costs one upsert per bucket per interval for the
// whole cluster. Buckets are only an aggregate: a failed increment is logged, not retried.
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getOptions } from "@/lib/server/options/store";
import { readyRedis } from "@/lib/server/redis/when-ready";
import { run, upsertBucket } from "@/lib/server/ledger/flush-sql";

const PARTS = ["c", "q", "t"] as const;
const live = (p: string) => `usage:${p}`;
const flushing = (p: string) => `usage:flushing:${p}`;

/** Moves the live hashes aside for writing, unless an earlier write left some (they go first). */
const TAKE = `
if redis.call('EXISTS', KEYS[4]) == 1 then return 1 end
for i = 1, 3 do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('RENAME', KEYS[i], KEYS[i + 3]) end
end
return redis.call('EXISTS', KEYS[4])
`;

/** One hourly usage aggregate row (user, model, hour, group, token, channel). */
export type UsageBucketKey = {
  userId: number;
  username: string;
  modelName: string;
  hour: number;
  group: string;
  tokenId: number;
  channelId: number;
};

export function queueSharedUsage(key: UsageBucketKey, quota: number, tokens: number): void {
  const id = JSON.stringify([key.userId, key.username, key.modelName, key.hour, key.group, key.tokenId, key.channelId]);
  readyRedis()
    .then((c) =>
      c
        .multi()
        .hincrby(live("c"), id, 1)
        .hincrby(live("q"), id, Math.round(quota))
        .hincrby(live("t"), id, Math.round(tokens))
        .exec(),
    )
    .catch((err: unknown) => logger().warn({ err: (err as Error)?.message }, "usage bucket not counted (Redis)"));
}

/** Writes every bucket counted so far to quota_data; answers how many buckets were written. */
export async function flushSharedUsage(): Promise<number> {
  const c = await readyRedis();
  const keys = [...PARTS.map(live), ...PARTS.map(flushing)];
  if (Number(await c.eval(TAKE, 6, ...keys)) !== 1) return 0;
  const [counts, quotas, tokens] = await Promise.all(PARTS.map((p) => c.hgetall(flushing(p))));
  const ids = Object.keys(counts!);
  await db().$transaction(async (tx) => {
    for (const id of ids) {
      const [userId, username, modelName, hour, group, tokenId, channelId] = JSON.parse(id) as [
        number,
        string,
        string,
        number,
        string,
        number,
        number,
      ];
      await run(
        tx,
        upsertBucket({
          userId,
          username,
          modelName,
          createdAt: hour,
          useGroup: group,
          tokenId,
          channelId,
          nodeName: "",
          count: Number(counts![id]),
          quota: Number(quotas![id] ?? 0),
          tokenUsed: Number(tokens![id] ?? 0),
        }),
      );
    }
  });
  await c.del(...PARTS.map(flushing));
  return ids.length;
}

/** The cluster job: writes the buckets once DataExportInterval minutes passed since the last write. */
export async function flushSharedUsageIfDue(): Promise<void> {
  const options = await getOptions();
  if (!options.bool("DataExportEnabled")) return;
  const c = await readyRedis();
  const intervalMs = (options.num("DataExportInterval") || 5) * 60_000;
  const last = Number(await c.get("usage:last")) || 0;
  if (Date.now() - last < intervalMs) return;
  await flushSharedUsage();
  await c.set("usage:last", String(Date.now()));
}
