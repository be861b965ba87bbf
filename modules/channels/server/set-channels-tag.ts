import "server-only";

// POST /api/channel/batch/tag {ids, tag}: puts the selected channels under one tag.
import { db } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

export async function setChannelsTag(ids: number[], tag: string): Promise<number> {
  const count = await db().$transaction(async (tx) => {
    const { count } = await tx.channel.updateMany({ where: { id: { in: ids } }, data: { tag } });
    await tx.ability.updateMany({ where: { channelId: { in: ids } }, data: { tag } });
    return count;
  });
  invalidateChannels();
  return count;
}
