import { route, type RouteAnswer } from "@/lib/server/http/route";
import { countUnreadMessages } from "@/modules/messages/server/count-unread-messages";

// GET /api/user/messages/unread_count – number of unread inbox messages (polled by the top bar)
export const GET = route({ role: "user" }, async ({ user }) => ({ unread_count: await countUnreadMessages(user.id) }));

export type UnreadCountAnswer = RouteAnswer<typeof GET>;
