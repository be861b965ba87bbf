import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { editTagSchema } from "@/modules/channels/schemas";
import { editTag } from "@/modules/channels/server/edit-tag";

// PUT /api/channel/tag {tag, new_tag, model_mapping, groups, models, priority, weight} – edit a tag's channels; admin
export const PUT = route({ role: "admin", body: editTagSchema }, async ({ body, user }) => {
  const result = await editTag(body);
  await recordChannelAction(user, "edit_tag", body.tag, { tag: body.tag });
  return result;
});

export type EditTagAnswer = RouteAnswer<typeof PUT>;
