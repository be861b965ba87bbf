import { pageQuerySchema } from "@/lib/schemas/pagination";
import { idParam } from "@/lib/server/http/params";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { listMessageRecipients } from "@/modules/messages/server/list-message-recipients";

// GET /api/admin/messages/{id}/recipients?p&page_size – recipients with read_at; admin
export const GET = route({ role: "admin", query: pageQuerySchema }, ({ params, query }) =>
  listMessageRecipients(idParam(params), query),
);

export type ListRecipientsAnswer = RouteAnswer<typeof GET>;
