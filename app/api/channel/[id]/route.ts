import { recordChannelAction } from "@/modules/channels/server/record-channel-action";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { deleteChannel } from "@/modules/channels/server/delete-channel";
import { getChannelOrThrow } from "@/modules/channels/server/get-channel";

// GET /api/channel/{id} – one channel (key omitted); admin
export const GET = route({ role: "admin" }, ({ params }) => getChannelOrThrow(idParam(params)));

// DELETE /api/channel/{id}/ – delete a channel; admin
export const DELETE = route({ role: "admin" }, async ({ params, user }) => {
  const id = idParam(params);
  await deleteChannel(id);
  await recordChannelAction(user, "delete", `#${id}`, { id });
  return null;
});

export type GetChannelAnswer = RouteAnswer<typeof GET>;
export type DeleteChannelIdAnswer = RouteAnswer<typeof DELETE>;
