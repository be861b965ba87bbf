// POST /api/channel/: single (one channel), batch (one channel per key line, name suffixed) or
// multi_to_single (one channel holding several keys). Abilities are rebuilt in the same transaction.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/relay/cache/channel-cache";
import { channelData, multiKeyInfo, normaliseList, splitKeys } from "@/lib/server/services/channels/channel-data";
import { rebuildAbilities } from "@/lib/server/services/channels/rebuild-abilities";
import type { CreateChannelInput } from "@/lib/schemas/channel";

export async function createChannel(input: CreateChannelInput): Promise<{ ids: number[] }> {
  const c = input.channel;
  const keys = splitKeys(c.key.replace(/,/g, input.mode === "single" && c.type !== 41 ? "\n" : ","));
  if (!c.name || !keys.length) throw new AppError("bad_request", "channel_name_key_required");
  if (!normaliseList(c.models)) throw new AppError("bad_request", "channel_models_required");
  if (!normaliseList(c.group)) throw new AppError("bad_request", "channel_groups_required");

  const groups: { name: string; keys: string[] }[] =
    input.mode === "batch"
      ? keys.map((k, i) => ({ name: keys.length > 1 ? `${c.name}_${i + 1}` : c.name, keys: [k] }))
      : [{ name: c.name, keys }];
  const now = Math.floor(Date.now() / 1000);
  const ids = await db().$transaction(async (tx) => {
    const created: number[] = [];
    for (const g of groups) {
      const row = await tx.channel.create({
        data: {
          ...channelData({ ...c, key: g.keys.join("\n") }),
          name: g.name,
          createdTime: now,
          channelInfo: multiKeyInfo(g.keys.length, input.multi_key_mode),
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
