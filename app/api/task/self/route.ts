// GET /api/task/self?p&page_size&task_id&start_timestamp&end_timestamp – own task records, no channel; user
// Paging and timestamps as GET /api/task/; channel_id is ignored (users never filter or see channels).
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { taskListQuerySchema } from "@/modules/logs/schemas/task";
import { listTasks } from "@/modules/logs/server/tasks/list-tasks";

export const GET = route({ role: "user", query: taskListQuerySchema }, ({ user, query }) =>
  listTasks(query, { selfUserId: user.id }),
);

export type ListSelfTasksAnswer = RouteAnswer<typeof GET>;
