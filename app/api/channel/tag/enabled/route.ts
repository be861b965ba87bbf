import { route } from "@/lib/server/http/route";
import { tagStatusSchema } from "@/lib/schemas/channel";
import { setTagStatus } from "@/lib/server/services/channels/set-tag-status";

// POST /api/channel/tag/enabled {tag} – enable every channel of a tag; admin
export const POST = route({ role: "admin", body: tagStatusSchema }, ({ body }) => setTagStatus(body.tag, true));
