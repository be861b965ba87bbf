import "server-only";

// DELETE /api/log/?target_timestamp=: removes usage logs created before a moment, in batches so a
// large table is never locked by one huge statement. Answers how many rows went.
import { db } from "@/lib/server/db";

const BATCH = 5_000;

export async function deleteLogsBefore(targetTimestamp: number): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = (
      await db().log.findMany({
        where: { createdAt: { lt: targetTimestamp } },
        select: { id: true },
        orderBy: { id: "asc" },
        take: BATCH,
      })
    ).map((r) => r.id);
    if (!ids.length) return total;
    total += (await db().log.deleteMany({ where: { id: { in: ids } } })).count;
    if (ids.length < BATCH) return total;
  }
}
