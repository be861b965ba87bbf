import { recordChannelAction } from "@/lib/server/services/channels/record-channel-action";
import { route } from "@/lib/server/http/route";
import { deleteChannelsSchema } from "@/lib/schemas/channel";
import { deleteChannels } from "@/lib/server/services/channels/delete-channels";

// POST /api/channel/batch {ids} – delete the selected channels; answers the count; admin
export const POST = route({ role: "admin", body: deleteChannelsSchema }, async ({ body, user }) => {
  const count = await deleteChannels(body.ids);
  await recordChannelAction(user, "delete_many", `#${body.ids.join(", #")}`, { ids: body.ids });
  return count;
});
