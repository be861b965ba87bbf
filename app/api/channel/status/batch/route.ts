import { route } from "@/lib/server/http/route";
import { channelStatusBatchSchema } from "@/modules/channels/status-schemas";
import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { setChannelsStatus } from "@/modules/channels/server/set-channels-status";

// POST /api/channel/status/batch {ids, status: 1|2} – enable or disable several channels; data: how
// many changed; admin
export const POST = route({ role: "admin", body: channelStatusBatchSchema }, async ({ body, user }) => {
  const count = await setChannelsStatus(body.ids, body.status, "manual batch operation");
  await recordChannelAction(user, "status_many", `${count}/${body.ids.length}`, {
    count,
    total: body.ids.length,
    status: body.status,
  });
  return count;
});
