import "server-only";

// POST /api/channel/copy/{id}: duplicates a channel server-side (the keys never reach the browser):
// name + suffix (default _复制), balance and used quota reset, test results cleared, new created time.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateChannels } from "@/lib/server/cache/channel-cache";
import { rebuildAbilities } from "@/modules/channels/server/rebuild-abilities";

export const COPY_SUFFIX = "_复制";

export async function copyChannel(id: number, suffix = COPY_SUFFIX): Promise<{ id: number }> {
  const source = await db().channel.findUnique({ where: { id } });
  if (!source) throw new AppError("not_found", "channel_not_found");
  // Everything but identity and counters is copied as is (the key stays sealed).
  const { id: _id, ...fields } = source;
  const created = await db().$transaction(async (tx) => {
    const row = await tx.channel.create({
      data: {
        ...fields,
        name: `${source.name}${suffix}`,
        balance: 0,
        balanceUpdatedTime: 0,
        usedQuota: BigInt(0),
        responseTime: 0,
        testTime: 0,
        createdTime: Math.floor(Date.now() / 1000),
      },
    });
    await rebuildAbilities(row, tx);
    return row;
  });
  invalidateChannels();
  return { id: created.id };
}
