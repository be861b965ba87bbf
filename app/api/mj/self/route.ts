// GET /api/mj/self/?p&page_size&mj_id&start_timestamp&end_timestamp – own drawing tasks, no channel; user
// Paging and timestamps as GET /api/mj/; channel_id is ignored (users never filter or see channels).
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { mjListQuerySchema } from "@/modules/logs/schemas/task";
import { listMidjourney } from "@/modules/logs/server/tasks/list-midjourney";

export const GET = route({ role: "user", query: mjListQuerySchema }, ({ user, query }) =>
  listMidjourney(query, { selfUserId: user.id }),
);

export type ListSelfDrawingsAnswer = RouteAnswer<typeof GET>;
