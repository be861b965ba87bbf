import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { tagStatusSchema } from "@/modules/channels/schemas";
import { setTagStatus } from "@/modules/channels/server/set-tag-status";

// POST /api/channel/tag/enabled {tag} – enable every channel of a tag; admin
export const POST = route({ role: "admin", body: tagStatusSchema }, async ({ body, user }) => {
  const result = await setTagStatus(body.tag, true);
  await recordChannelAction(user, "enable_tag", body.tag, { tag: body.tag });
  return result;
});

export type TagEnabledAnswer = RouteAnswer<typeof POST>;
