import { updateMessageSchema } from "@/modules/messages/schemas";
import { idParam } from "@/lib/server/http/params";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { deleteMessage } from "@/modules/messages/server/delete-message";
import { getMessage } from "@/modules/messages/server/get-message";
import { updateMessage } from "@/modules/messages/server/update-message";

// GET /api/admin/messages/{id} – one message with stats (total_recipients, read_count); admin
export const GET = route({ role: "admin" }, ({ params }) => getMessage(idParam(params)));

// PUT /api/admin/messages/{id} – edit {title, content, format}; admin
export const PUT = route({ role: "admin", body: updateMessageSchema }, async ({ params, body, t }) => {
  await updateMessage(idParam(params), body);
  return envelope(null, t("message_updated"));
});

// DELETE /api/admin/messages/{id} – delete for every recipient; admin
export const DELETE = route({ role: "admin" }, async ({ params, t }) => {
  await deleteMessage(idParam(params));
  return envelope(null, t("message_deleted"));
});

export type GetMessageAnswer = RouteAnswer<typeof GET>;
export type PutAdminMessagesIdAnswer = RouteAnswer<typeof PUT>;
export type DeleteAdminMessagesIdAnswer = RouteAnswer<typeof DELETE>;
