import "server-only";

// POST /api/channel/batch {ids} and DELETE /api/channel/disabled. Abilities cascade with the rows.
import { CHANNEL_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

/** Deletes the selected channels; answers how many existed. */
export async function deleteChannels(ids: number[]): Promise<number> {
  const { count } = await db().channel.deleteMany({ where: { id: { in: ids } } });
  invalidateChannels();
  return count;
}

/** Deletes every auto-disabled channel (status 3); manually disabled ones (2) stay. */
export async function deleteAutoDisabledChannels(): Promise<number> {
  const { count } = await db().channel.deleteMany({ where: { status: CHANNEL_STATUS.autoDisabled } });
  invalidateChannels();
  return count;
}
