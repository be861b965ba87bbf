import { route } from "@/lib/server/http/route";
import { channelSearchQuerySchema, createChannelSchema, updateChannelSchema } from "@/lib/schemas/channel";
import { createChannel } from "@/lib/server/services/channels/create-channel";
import { searchChannels } from "@/lib/server/services/channels/search-channels";
import { updateChannel } from "@/lib/server/services/channels/update-channel";

// GET /api/channel/?p&page_size&id_sort&tag_mode&status&type – channels (keys omitted), tag rows in tag
// mode; status is a number or new-api's enabled|disabled (disabled = manually or automatically); admin
export const GET = route({ role: "admin", query: channelSearchQuerySchema }, ({ query }) => searchChannels(query));

// POST /api/channel/ – create channel(s) (single, batch or multi_to_single); admin
export const POST = route({ role: "admin", body: createChannelSchema }, ({ body }) => createChannel(body));

// PUT /api/channel/ – update a channel by id (full or partial); admin
export const PUT = route({ role: "admin", body: updateChannelSchema }, ({ body }) => updateChannel(body));
