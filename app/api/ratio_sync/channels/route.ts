import { route } from "@/lib/server/http/route";
import { listSyncChannels } from "@/modules/pricing/server/list-sync-channels";

// GET /api/ratio_sync/channels – channels with a base URL to sync prices from, and the official preset
// (id -100); root
export const GET = route({ role: "root" }, () => listSyncChannels());
