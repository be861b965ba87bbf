import "server-only";

// POST /api/channel/tag/enabled|disabled {tag}: enables or disables every channel of a tag.
import { CHANNEL_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

export async function setTagStatus(tag: string, enabled: boolean): Promise<number> {
  const count = await db().$transaction(async (tx) => {
    const ids = (await tx.channel.findMany({ where: { tag }, select: { id: true } })).map((c) => c.id);
    if (!ids.length) throw new AppError("not_found", "channel_tag_not_found");
    // A manual enable clears the auto-disable reason, as for one channel.
    await tx.channel.updateMany({
      where: { id: { in: ids } },
      data: enabled ? { status: CHANNEL_STATUS.enabled, otherInfo: "" } : { status: CHANNEL_STATUS.manuallyDisabled },
    });
    await tx.ability.updateMany({ where: { channelId: { in: ids } }, data: { enabled } });
    return ids.length;
  });
  invalidateChannels();
  return count;
}
