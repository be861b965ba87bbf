import { pageQuerySchema } from "@/lib/schemas/pagination";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listInboxMessages } from "@/modules/messages/server/list-inbox-messages";

// GET /api/user/messages?p&page_size – the caller's inbox, newest first; user
export const GET = route({ role: "user", query: pageQuerySchema }, ({ user, query }) =>
  listInboxMessages(user.id, query),
);

export type ListInboxAnswer = RouteAnswer<typeof GET>;
