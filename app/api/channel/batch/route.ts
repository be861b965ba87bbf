import { route } from "@/lib/server/http/route";
import { deleteChannelsSchema } from "@/lib/schemas/channel";
import { deleteChannels } from "@/lib/server/services/channels/delete-channels";

// POST /api/channel/batch {ids} – delete the selected channels; answers the count; admin
export const POST = route({ role: "admin", body: deleteChannelsSchema }, ({ body }) => deleteChannels(body.ids));
