import "server-only";

// GET /api/ratio_sync/channels: the channels with a base URL (another instance to sync prices from)
// and, last, new-api's official preset entry (id -100), which the screen sends as an upstream.
import { db } from "@/lib/server/db";
import { OFFICIAL_PRESET, OFFICIAL_PRESET_ID, type SyncableChannel } from "@/modules/pricing/ratios/ratio-sync";

export async function listSyncChannels(): Promise<SyncableChannel[]> {
  const rows = await db().channel.findMany({
    where: { baseUrl: { not: "" } },
    select: { id: true, name: true, baseUrl: true, status: true },
    orderBy: { id: "asc" },
  });
  const channels = rows.map((c) => ({ id: c.id, name: c.name, base_url: c.baseUrl, status: c.status }));
  channels.push({ id: OFFICIAL_PRESET_ID, name: OFFICIAL_PRESET.name, base_url: OFFICIAL_PRESET.base_url, status: 1 });
  return channels;
}
