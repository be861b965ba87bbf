import "server-only";

// PUT /api/channel/: full or partial update by id (the list's quick edits send only id plus status,
// priority, weight or models). An empty key keeps the stored keys; a new key text replaces them.
// Changing where the key goes (base URL, type, overrides) needs the key in the same request.
import { typeSupported } from "@/lib/channel-rules";
import { CHANNEL_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toChannelDto } from "@/modules/channels/server/dto";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { channelData, checkTypeRules, keysOf, multiKeyInfo, sealKeys } from "@/modules/channels/server/channel-data";
import { checkChannelUpdateTarget } from "@/modules/channels/server/check-channel-target";
import { rebuildAbilities } from "@/modules/channels/server/rebuild-abilities";
import type { UpdateChannelInput } from "@/modules/channels/schemas";

export async function updateChannel(input: UpdateChannelInput) {
  const current = await db().channel.findUnique({ where: { id: input.id } });
  if (!current) throw new AppError("not_found", "channel_not_found");
  // A name, models and groups sent must not be empty: updateChannelSchema checks it.
  const type = input.type ?? current.type;
  // A stored row of an unsupported type (imported from new-api) stays editable and can be disabled;
  // switching a channel to such a type is refused like creating one.
  if (type !== current.type && !typeSupported(type))
    throw new AppError("bad_request", "channel_type_unsupported", { type });
  const data = channelData({ ...input, ...checkTypeRules({ type, other: input.other }) });
  const keys = input.key ? keysOf(input.key, type) : [];
  await checkChannelUpdateTarget(input, current, keys.length > 0);
  if (keys.length) {
    const info = JSON.parse(current.channelInfo || "{}") as { multi_key_mode?: "random" | "polling" };
    data.key = sealKeys(keys);
    data.channelInfo = multiKeyInfo(keys.length, info.multi_key_mode ?? "random");
  }
  // A manual enable clears the auto-disable reason.
  if (input.status === CHANNEL_STATUS.enabled && current.status !== CHANNEL_STATUS.enabled) data.otherInfo = "";
  const row = await db().$transaction(async (tx) => {
    const updated = await tx.channel.update({ where: { id: input.id }, data });
    await rebuildAbilities(updated, tx);
    return updated;
  });
  invalidateChannels();
  return toChannelDto(row);
}
