import "server-only";

// POST /api/channel/{id}/status and /api/channel/status/batch: sets a manual status (1 or 2) on
// channels, as new-api's model.UpdateChannelStatus: a channel already in that status is left alone
// and not counted (an unknown id neither). A disable records new-api's reason and time in
// other_info; an enable clears them, as every manual enable here does (update-channel.ts).
import { CHANNEL_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

/** How many of the channels changed status. */
export async function setChannelsStatus(ids: number[], status: 1 | 2, reason: string): Promise<number> {
  const enabled = status === CHANNEL_STATUS.enabled;
  const otherInfo = enabled
    ? ""
    : JSON.stringify({ status_reason: reason, status_time: Math.floor(Date.now() / 1000) });
  const unique = [...new Set(ids)];
  const changed = await db().$transaction(async (tx) => {
    const targets = (
      await tx.channel.findMany({ where: { id: { in: unique }, status: { not: status } }, select: { id: true } })
    ).map((c) => c.id);
    if (!targets.length) return 0;
    const { count } = await tx.channel.updateMany({
      where: { id: { in: targets }, status: { not: status } },
      data: { status, otherInfo },
    });
    await tx.ability.updateMany({ where: { channelId: { in: targets } }, data: { enabled } });
    return count;
  });
  if (changed) invalidateChannels();
  return changed;
}
