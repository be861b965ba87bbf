import { idParam } from "@/lib/server/http/params";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getInboxMessage } from "@/modules/messages/server/get-inbox-message";

// GET /api/user/messages/{id} – one of the caller's own messages; user
export const GET = route({ role: "user" }, ({ user, params }) => getInboxMessage(user.id, idParam(params)));

export type GetInboxMessageAnswer = RouteAnswer<typeof GET>;
