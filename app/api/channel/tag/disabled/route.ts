import { recordChannelAction } from "@/lib/server/services/channels/record-channel-action";
import { route } from "@/lib/server/http/route";
import { tagStatusSchema } from "@/lib/schemas/channel";
import { setTagStatus } from "@/lib/server/services/channels/set-tag-status";

// POST /api/channel/tag/disabled {tag} – disable every channel of a tag; admin
export const POST = route({ role: "admin", body: tagStatusSchema }, async ({ body, user }) => {
  const result = await setTagStatus(body.tag, false);
  await recordChannelAction(user, "disable_tag", body.tag, { tag: body.tag });
  return result;
});
