// PUT /api/channel/: full or partial update by id. An empty key keeps the stored keys.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toChannelDto } from "@/lib/server/dto/channel";
import { invalidateChannels } from "@/lib/server/relay/cache/channel-cache";
import { channelData, multiKeyInfo, normaliseList, splitKeys } from "@/lib/server/services/channels/channel-data";
import { rebuildAbilities } from "@/lib/server/services/channels/rebuild-abilities";
import type { UpdateChannelInput } from "@/lib/schemas/channel";

export async function updateChannel(input: UpdateChannelInput) {
  const current = await db().channel.findUnique({ where: { id: input.id } });
  if (!current) throw new AppError("not_found", "channel_not_found");
  if (input.models !== undefined && !normaliseList(input.models))
    throw new AppError("bad_request", "channel_models_required");
  if (input.group !== undefined && !normaliseList(input.group))
    throw new AppError("bad_request", "channel_groups_required");
  if (input.name !== undefined && !input.name) throw new AppError("bad_request", "channel_name_key_required");
  const data = channelData(input);
  if (input.key) {
    const info = JSON.parse(current.channelInfo || "{}") as { multi_key_mode?: "random" | "polling" };
    data.channelInfo = multiKeyInfo(splitKeys(input.key).length, info.multi_key_mode ?? "random");
  }
  // A manual enable clears the auto-disable reason.
  if (input.status === 1 && current.status !== 1) data.otherInfo = "";
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.channel.update({ where: { id: input.id }, data });
    await rebuildAbilities(updated, tx);
    return updated;
  });
  invalidateChannels();
  return toChannelDto(row);
}
