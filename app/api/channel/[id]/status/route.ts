import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { channelStatusSchema } from "@/modules/channels/status-schemas";
import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { setChannelsStatus } from "@/modules/channels/server/set-channels-status";

// POST /api/channel/{id}/status {status: 1|2} – enable or disable one channel; data: whether it
// changed (false when it already had that status or does not exist, as new-api); admin
export const POST = route({ role: "admin", body: channelStatusSchema }, async ({ body, params, user }) => {
  const id = idParam(params);
  const changed = (await setChannelsStatus([id], body.status, "manual operation")) > 0;
  await recordChannelAction(user, "status", `#${id}`, { id, status: body.status, changed });
  return changed;
});
