import { idParam } from "@/lib/server/http/params";
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { markMessageRead } from "@/modules/messages/server/mark-message-read";

// PUT /api/user/messages/{id}/read – mark one of the caller's messages read (idempotent); user
export const PUT = route({ role: "user" }, ({ user, params }) => markMessageRead(user.id, idParam(params)));

export type MarkReadAnswer = RouteAnswer<typeof PUT>;
