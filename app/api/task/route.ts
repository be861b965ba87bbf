// GET /api/task/?p&page_size&channel_id&task_id&start_timestamp&end_timestamp – everyone's task records; admin
// Timestamps are unix seconds (submit_time). Without page_size: the spec's contract, p 0-based and data
// an array of 10 rows; with page_size (new-api's console): p 1-based and data {items, total, page, page_size}.
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { taskListQuerySchema } from "@/modules/logs/schemas/task";
import { listTasks } from "@/modules/logs/server/tasks/list-tasks";

export const GET = route({ role: "admin", query: taskListQuerySchema }, ({ query }) =>
  listTasks(query, { admin: true }),
);

export type ListTasksAnswer = RouteAnswer<typeof GET>;
