// GET /api/mj/?p&page_size&channel_id&mj_id&start_timestamp&end_timestamp – everyone's drawing tasks; admin
// Timestamps are unix ms (submit_time). Without page_size: the spec's contract, p 0-based and data
// an array of 10 rows; with page_size (new-api's console): p 1-based and data {items, total, page, page_size}.
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { mjListQuerySchema } from "@/modules/logs/schemas/task";
import { listMidjourney } from "@/modules/logs/server/tasks/list-midjourney";

export const GET = route({ role: "admin", query: mjListQuerySchema }, ({ query }) =>
  listMidjourney(query, { admin: true }),
);

export type ListDrawingsAnswer = RouteAnswer<typeof GET>;
