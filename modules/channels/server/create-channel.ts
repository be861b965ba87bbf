import "server-only";

// POST /api/channel/: single (one channel; several keys make it a multi-key channel), batch (one
// channel per key, name suffixed) or multi_to_single (one channel holding several keys). Abilities
// are rebuilt in the same transaction.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import {
  channelData,
  checkTypeRules,
  keysOf,
  multiKeyInfo,
  normaliseList,
  sealKeys,
} from "@/modules/channels/server/channel-data";
import { checkChannelBaseUrl } from "@/modules/channels/server/check-channel-target";
import { rebuildAbilities } from "@/modules/channels/server/rebuild-abilities";
import { multiKeyAllowed, typeSupported } from "@/lib/channel-rules";
import type { CreateChannelInput } from "@/modules/channels/schemas";

export async function createChannel(input: CreateChannelInput): Promise<{ ids: number[] }> {
  const c = input.channel;
  const keys = keysOf(c.key, c.type);
  if (!c.name || !keys.length) throw new AppError("bad_request", "channel_name_key_required");
  if (!normaliseList(c.models)) throw new AppError("bad_request", "channel_models_required");
  if (!normaliseList(c.group)) throw new AppError("bad_request", "channel_groups_required");
  if (input.mode !== "single" && !multiKeyAllowed(c.type))
    throw new AppError("bad_request", "channel_multi_key_refused");
  const typeFields = checkTypeRules(c);
  if (!typeSupported(c.type)) throw new AppError("bad_request", "channel_type_unsupported", { type: c.type });
  await checkChannelBaseUrl(c.base_url);

  const units: { name: string; keys: string[] }[] =
    input.mode === "batch"
      ? keys.map((k, i) => ({ name: keys.length > 1 ? `${c.name}_${i + 1}` : c.name, keys: [k] }))
      : [{ name: c.name, keys }];
  const now = Math.floor(Date.now() / 1000);
  const ids = await db().$transaction(async (tx) => {
    const created: number[] = [];
    for (const unit of units) {
      const row = await tx.channel.create({
        data: {
          ...channelData({ ...c, ...typeFields }),
          key: sealKeys(unit.keys),
          name: unit.name,
          createdTime: now,
          channelInfo: multiKeyInfo(unit.keys.length, input.multi_key_mode),
        } as never,
      });
      await rebuildAbilities(row, tx);
      created.push(row.id);
    }
    return created;
  });
  invalidateChannels();
  return { ids };
}
