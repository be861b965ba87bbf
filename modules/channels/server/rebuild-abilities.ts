import "server-only";

// The routing table: one ability row per (group x model) of a channel. Rebuilt on every channel save
// (delete + insert, in the caller's transaction), enabled mirroring the channel status.
import { CHANNEL_STATUS } from "@/lib/constants";
import { db, type Prisma } from "@/lib/server/db";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";

export function splitList(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

type ChannelForAbilities = {
  id: number;
  group: string;
  models: string;
  status: number;
  priority: number;
  weight: number;
  tag: string;
};

export async function rebuildAbilities(
  channel: ChannelForAbilities,
  tx: Prisma.TransactionClient = db(),
): Promise<void> {
  await tx.ability.deleteMany({ where: { channelId: channel.id } });
  const rows = splitList(channel.group).flatMap((group) =>
    splitList(channel.models).map((model) => ({
      group,
      model,
      channelId: channel.id,
      enabled: channel.status === CHANNEL_STATUS.enabled,
      priority: channel.priority,
      weight: channel.weight,
      tag: channel.tag,
    })),
  );
  for (let i = 0; i < rows.length; i += 200) {
    await tx.ability.createMany({ data: rows.slice(i, i + 200) });
  }
}

const abilitySource = { id: true, group: true, models: true, status: true, priority: true, weight: true, tag: true };

/** Rebuilds the routing rows of the given channels (after a bulk update in the same transaction). */
export async function rebuildAbilitiesOf(ids: number[], tx: Prisma.TransactionClient): Promise<void> {
  const channels = await tx.channel.findMany({ where: { id: { in: ids } }, select: abilitySource });
  for (const c of channels) await rebuildAbilities(c, tx);
}

/** POST /api/channel/fix: rebuilds the whole routing table from the channels. */
export async function rebuildAllAbilities(): Promise<{ channels: number; abilities: number; removed: number }> {
  const result = await db().$transaction(
    async (tx) => {
      const channels = await tx.channel.findMany({ select: abilitySource });
      const removed = (await tx.ability.deleteMany({})).count;
      for (const c of channels) await rebuildAbilities(c, tx);
      return { channels: channels.length, abilities: await tx.ability.count(), removed };
    },
    { timeout: 120_000 },
  );
  invalidateChannels();
  return result;
}
