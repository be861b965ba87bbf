import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { deleteChannelsSchema } from "@/modules/channels/schemas";
import { deleteChannels } from "@/modules/channels/server/delete-channels";

// POST /api/channel/batch {ids} – delete the selected channels; answers the count; admin
export const POST = route({ role: "admin", body: deleteChannelsSchema }, async ({ body, user }) => {
  const count = await deleteChannels(body.ids);
  await recordChannelAction(user, "delete_many", `#${body.ids.join(", #")}`, { ids: body.ids });
  return count;
});

export type DeleteChannelsAnswer = RouteAnswer<typeof POST>;
