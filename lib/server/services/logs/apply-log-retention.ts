// Log retention (option LogRetentionDays, 0 = keep forever): removes logs older than now − N days.
// Run hourly by the cluster's lease holder (lib/server/cluster/jobs.ts), in batches
// (delete-logs-before.ts) so a large table is never locked by one statement.
import { logger } from "@/lib/server/logger";
import { getNumberOption } from "@/lib/server/options/store";
import { deleteLogsBefore } from "@/lib/server/services/logs/delete-logs-before";

const DAY_SECONDS = 86_400;

/** Deletes the logs past retention; answers how many went (0 when retention is off). */
export async function applyLogRetention(now = Date.now()): Promise<number> {
  const days = Math.floor(await getNumberOption("LogRetentionDays", 0));
  if (!(days > 0)) return 0;
  const deleted = await deleteLogsBefore(Math.floor(now / 1000) - days * DAY_SECONDS);
  if (deleted > 0) logger().info({ deleted, days }, "log retention removed old logs");
  return deleted;
}
