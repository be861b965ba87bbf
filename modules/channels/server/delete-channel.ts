import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

/** Deletes a channel and its routing rows (abilities cascade). Logs keep the channel id. */
export async function deleteChannel(id: number): Promise<void> {
  const res = await db().channel.deleteMany({ where: { id } });
  if (res.count === 0) throw new AppError("not_found", "channel_not_found");
  invalidateChannels();
}
