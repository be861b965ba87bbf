import { messageSearchQuerySchema } from "@/modules/messages/schemas";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listMessages } from "@/modules/messages/server/list-messages";

// GET /api/admin/messages/search?p&page_size&keyword&start_date&end_date – messages by title/content and created date; admin
export const GET = route({ role: "admin", query: messageSearchQuerySchema }, ({ query }) => listMessages(query));

export type SearchMessagesAnswer = RouteAnswer<typeof GET>;
