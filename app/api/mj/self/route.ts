// GET /api/mj/self/?p&page_size&mj_id&start_timestamp&end_timestamp – own drawing tasks, no channel; user
// Paging and timestamps as GET /api/mj/; channel_id is ignored (users never filter or see channels).
import { route } from "@/lib/server/http/route";
import { mjListQuerySchema } from "@/lib/schemas/task";
import { listMidjourney } from "@/lib/server/services/tasks/list-midjourney";

export const GET = route({ role: "user", query: mjListQuerySchema }, ({ user, query }) =>
  listMidjourney(query, { selfUserId: user.id }),
);
