import "server-only";

// POST /api/channel/: single (one channel; several keys make it a multi-key channel), batch (one
// channel per key, name suffixed) or multi_to_single (one channel holding several keys). Abilities
// are rebuilt in the same transaction.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { channelData, checkTypeRules, keysOf, multiKeyInfo, sealKeys } from "@/modules/channels/server/channel-data";
import { checkChannelBaseUrl } from "@/modules/channels/server/check-channel-target";
import { rebuildAbilities } from "@/modules/channels/server/rebuild-abilities";
import { multiKeyAllowed } from "@/lib/channel-rules";
import type { CreateChannelInput } from "@/modules/channels/schemas";

export async function createChannel(input: CreateChannelInput): Promise<{ ids: number[] }> {
  const c = input.channel;
  // Name, keys, models, groups and the type's adapter are checked by the schema (channelFieldsSchema).
  const keys = keysOf(c.key, c.type);
  if (input.mode !== "single" && !multiKeyAllowed(c.type))
    throw new AppError("bad_request", "channel_multi_key_refused");
  const typeFields = checkTypeRules(c);
  await checkChannelBaseUrl(c.base_url, c.type);

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
