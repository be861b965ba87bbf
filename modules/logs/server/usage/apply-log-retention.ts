import "server-only";

// Log retention (option LogRetentionDays, 0 = keep forever): removes logs older than now − N days.
// Run hourly by the cluster's lease holder (server/cluster/jobs.ts), in batches
// (delete-logs-before.ts) so a large table is never locked by one statement. The option is read from
// the table itself, not the options cache: the lease holder may not be the instance where it was
// changed, and one extra query per hour is nothing.
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";
import { deleteLogsBefore } from "@/modules/logs/server/usage/delete-logs-before";

const DAY_SECONDS = 86_400;

/** Deletes the logs past retention; answers how many went (0 when retention is off). */
export async function applyLogRetention(now = Date.now()): Promise<number> {
  const row = await db().option.findUnique({ where: { key: "LogRetentionDays" } });
  const days = Math.floor(Number(row?.value ?? OPTION_DEFAULTS.LogRetentionDays));
  if (!(days > 0)) return 0;
  const deleted = await deleteLogsBefore(Math.floor(now / 1000) - days * DAY_SECONDS);
  if (deleted > 0) logger().info({ deleted, days }, "log retention removed old logs");
  return deleted;
}
