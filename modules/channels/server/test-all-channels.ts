import "server-only";

// GET /api/channel/test: tests every channel that is enabled or auto-disabled (manually disabled ones
// are skipped), one after another in the background; the call answers at once. With auto-disable on,
// a failing or too slow (ChannelDisableThreshold s, 0 = never) channel that allows it is disabled;
// testChannel itself re-enables auto-disabled channels that pass when auto-enable is on.
// The scheduled pass (CHANNEL_TEST_FREQUENCY, server/cluster/jobs.ts) is the same loop, awaited,
// run as the first root user, without the "done" notification (new-api notifies manual runs only).
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { getOptions } from "@/lib/server/options/store";
import { autoDisable } from "@/relay/public";
import { toCached } from "@/lib/server/cache/channel-cache";
import { singleton } from "@/lib/server/singleton";
import { notifyRoot } from "@/lib/server/notify/notify-root";
import { testChannel } from "@/modules/channels/server/test-channel";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { CHANNEL_STATUS, ROLE } from "@/lib/constants";

const running = singleton("channels.test-all", () => ({ active: false }));

async function testAll(actor: Pick<CurrentUser, "id" | "username">, signal?: AbortSignal): Promise<void> {
  const rows = await db().channel.findMany({
    where: { status: { in: [CHANNEL_STATUS.enabled, CHANNEL_STATUS.autoDisabled] } },
    orderBy: { id: "asc" },
  });
  for (const row of rows) {
    if (signal?.aborted) return;
    try {
      const result = await testChannel(actor, row.id);
      const options = await getOptions();
      const threshold = options.num("ChannelDisableThreshold");
      const tooSlow = result.success && threshold > 0 && result.time > threshold;
      const canDisable = options.bool("AutomaticDisableChannelEnabled") && row.autoBan === 1;
      if (row.status === CHANNEL_STATUS.enabled && canDisable && (!result.success || tooSlow)) {
        const reason = tooSlow ? `响应时间 ${result.time.toFixed(2)}s 超过阈值 ${threshold}s` : result.message;
        await autoDisable(toCached(row), 0, reason);
      }
    } catch (err) {
      logger().warn({ err, channelId: row.id }, "channel test failed");
    }
  }
}

/** Starts testing every channel; false when a run is already going on. */
export function startTestAllChannels(actor: Pick<CurrentUser, "id" | "username">): boolean {
  if (running.active) return false;
  running.active = true;
  void testAll(actor)
    .then(() => notifyRoot("通道测试完成"))
    .catch((err) => logger().warn({ err }, "channel test run failed"))
    .finally(() => {
      running.active = false;
    });
  return true;
}

/**
 * One scheduled pass, awaited; stops between channels when `signal` aborts. Answers false (nothing
 * done) when no root account exists yet or a manual run is already going on in this process.
 */
export async function testAllChannelsScheduled(signal?: AbortSignal): Promise<boolean> {
  if (running.active) return false;
  const root = await db().user.findFirst({
    where: { role: { gte: ROLE.root } },
    orderBy: { id: "asc" },
    select: { id: true, username: true },
  });
  if (!root) return false;
  running.active = true;
  try {
    await testAll(root, signal);
    return true;
  } finally {
    running.active = false;
  }
}

export function isTestAllRunning(): boolean {
  return running.active;
}
