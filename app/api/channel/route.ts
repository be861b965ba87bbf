import { route } from "@/lib/server/http/route";
import { channelListQuerySchema, createChannelSchema, updateChannelSchema } from "@/lib/schemas/channel";
import { createChannel } from "@/lib/server/services/channels/create-channel";
import { listChannels } from "@/lib/server/services/channels/list-channels";
import { updateChannel } from "@/lib/server/services/channels/update-channel";

// GET /api/channel/?p&page_size&id_sort – channels (keys omitted); admin
export const GET = route({ role: "admin", query: channelListQuerySchema }, ({ query }) =>
  listChannels({ page: query.p, pageSize: query.page_size, idSort: query.id_sort === "true" }),
);

// POST /api/channel/ – create channel(s); admin
export const POST = route({ role: "admin", body: createChannelSchema }, ({ body }) => createChannel(body));

// PUT /api/channel/ – update a channel by id; admin
export const PUT = route({ role: "admin", body: updateChannelSchema }, ({ body }) => updateChannel(body));
