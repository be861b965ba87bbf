import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { channelSearchQuerySchema, createChannelSchema, updateChannelSchema } from "@/modules/channels/schemas";
import { createChannel } from "@/modules/channels/server/create-channel";
import { searchChannels } from "@/modules/channels/server/search-channels";
import { updateChannel } from "@/modules/channels/server/update-channel";

// GET /api/channel/?p&page_size&id_sort&tag_mode&status&type – channels (keys omitted), tag rows in tag
// mode; status is a number or new-api's enabled|disabled (disabled = manually or automatically); admin
export const GET = route({ role: "admin", query: channelSearchQuerySchema }, ({ query }) => searchChannels(query));

// POST /api/channel/ – create channel(s) (single, batch or multi_to_single); admin
export const POST = route({ role: "admin", body: createChannelSchema }, async ({ body, user }) => {
  const created = await createChannel(body);
  await recordChannelAction(user, "create", `#${created.ids.join(", #")}（${body.channel.name}）`, {
    ids: created.ids,
  });
  return created;
});

// PUT /api/channel/ – update a channel by id (full or partial); admin
export const PUT = route({ role: "admin", body: updateChannelSchema }, async ({ body, user }) => {
  const updated = await updateChannel(body);
  const fields = Object.keys(body).filter((k) => k !== "id");
  await recordChannelAction(user, "update", `#${body.id}：${fields.join(", ")}`, { id: body.id, fields });
  return updated;
});

export type ListChannelsAnswer = RouteAnswer<typeof GET>;
export type CreateChannelAnswer = RouteAnswer<typeof POST>;
export type UpdateChannelAnswer = RouteAnswer<typeof PUT>;
