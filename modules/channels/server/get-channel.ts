import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toChannelDto } from "@/modules/channels/server/dto";

export async function getChannelOrThrow(id: number) {
  const row = await db().channel.findUnique({ where: { id } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  return toChannelDto(row);
}
