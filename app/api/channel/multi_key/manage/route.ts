import { envelope, route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { ROLE } from "@/lib/constants";
import { manageMultiKeysSchema, ROOT_ONLY_MULTI_KEY_ACTIONS } from "@/modules/channels/multi-key-schemas";
import { manageMultiKeys } from "@/modules/channels/server/manage-multi-keys";
import { recordChannelAction } from "@/modules/channels/server/record-channel-action";

// POST /api/channel/multi_key/manage {channel_id, action, key_index?, page?, page_size?, status?} –
// the keys of a multi-key channel (list masked, enable/disable one or all, delete); admin, deleting
// keys root only (new-api's ChannelSensitiveWrite)
export const POST = route({ role: "admin", body: manageMultiKeysSchema }, async ({ body, user, t }) => {
  if (ROOT_ONLY_MULTI_KEY_ACTIONS.has(body.action) && user.role < ROLE.root)
    throw new AppError("forbidden", "auth_forbidden");
  const result = await manageMultiKeys(body);
  if (body.action !== "get_key_status")
    await recordChannelAction(user, "multi_key_manage", `#${body.channel_id} ${body.action}`, {
      id: body.channel_id,
      action: body.action,
      ...(body.key_index == null ? {} : { key_index: body.key_index }),
    });
  return envelope(result.data ?? null, result.message ? t(result.message, result.params) : "");
});
