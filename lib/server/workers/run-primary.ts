import "server-only";

// Entry of the primary bundle (.next/gateway/primary.mjs), which scripts/serve.mjs runs when
// WORKERS asks for more than one process. It loads no Next and no relay, only the ledger and the
// bookkeeping writer the workers share.
import { env } from "@/lib/env";
import { openSqliteWithoutPrisma } from "@/lib/server/db";
import { lockOwnedDatabase } from "@/lib/server/instance-lock";
import { logger } from "@/lib/server/logger";
import { redisEnabled } from "@/lib/server/redis/client";
import { startPrimary, workerCount } from "@/lib/server/workers/primary";

lockOwnedDatabase()
  .then(() => {
    // Owning the ledger on SQLite, the primary needs no Prisma client (db.ts).
    if (!redisEnabled()) openSqliteWithoutPrisma();
    startPrimary(workerCount(env()));
  })
  .catch((err: unknown) => {
    logger().fatal({ err }, "failed to start");
    process.exit(1);
  });
