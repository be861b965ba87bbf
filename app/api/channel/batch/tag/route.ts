import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { batchTagSchema } from "@/modules/channels/schemas";
import { setChannelsTag } from "@/modules/channels/server/set-channels-tag";

// POST /api/channel/batch/tag {ids, tag} – tag the selected channels; answers the count; admin
export const POST = route({ role: "admin", body: batchTagSchema }, async ({ body, user }) => {
  const count = await setChannelsTag(body.ids, body.tag);
  await recordChannelAction(user, "tag_many", `#${body.ids.join(", #")} → ${body.tag ?? ""}`, { ids: body.ids });
  return count;
});

export type SetChannelsTagAnswer = RouteAnswer<typeof POST>;
