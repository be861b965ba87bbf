import "server-only";

// POST /api/channel/{id}/key: the channel's key in clear, for root after a secure verification
// (the route checks it). Every read is audit-logged, with the channel, never the key.
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import { AppError } from "@/lib/server/http/app-error";
import type { AdminActor } from "@/lib/server/ledger/journal";
import { recordChannelAction } from "@/modules/channels/server/record-channel-action";

export async function readChannelKey(actor: AdminActor, id: number): Promise<string> {
  const row = await db().channel.findUnique({ where: { id }, select: { id: true, name: true, key: true } });
  if (!row) throw new AppError("not_found", "channel_not_found");
  await recordChannelAction(actor, "key_view", `${row.name}（ID ${row.id}）的密钥`, { channel_id: row.id });
  return open(row.key);
}
