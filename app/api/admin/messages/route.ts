import { createMessageSchema } from "@/modules/messages/schemas";
import { pageQuerySchema } from "@/lib/schemas/pagination";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { createMessage } from "@/modules/messages/server/create-message";
import { listMessages } from "@/modules/messages/server/list-messages";

// GET /api/admin/messages?p&page_size – sent messages, newest first; admin
export const GET = route({ role: "admin", query: pageQuerySchema }, ({ query }) => listMessages(query));

// POST /api/admin/messages – send a message {title, content, format, user_ids}; admin
export const POST = route({ role: "admin", body: createMessageSchema }, async ({ body, user, t }) =>
  envelope(await createMessage(body, user.id), t("message_created")),
);

export type ListMessagesAnswer = RouteAnswer<typeof GET>;
export type PostAdminMessagesAnswer = RouteAnswer<typeof POST>;
