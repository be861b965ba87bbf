import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { deleteAutoDisabledChannels } from "@/modules/channels/server/delete-channels";

// DELETE /api/channel/disabled – delete every auto-disabled channel; answers the count; admin
export const DELETE = route({ role: "admin" }, async ({ user }) => {
  const count = await deleteAutoDisabledChannels();
  await recordChannelAction(user, "delete_disabled", `（${count} 个）`, { count });
  return count;
});

export type DeleteDisabledChannelsAnswer = RouteAnswer<typeof DELETE>;
