import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { deleteChannel } from "@/lib/server/services/channels/delete-channel";
import { getChannelOrThrow } from "@/lib/server/services/channels/get-channel";

// GET /api/channel/{id} – one channel (key omitted); admin
export const GET = route({ role: "admin" }, ({ params }) => getChannelOrThrow(idParam(params)));

// DELETE /api/channel/{id}/ – delete a channel; admin
export const DELETE = route({ role: "admin" }, async ({ params }) => {
  await deleteChannel(idParam(params));
  return null;
});
