import { route, type RouteAnswer } from "@/lib/server/http/route";
import { logCleanupQuerySchema, logListQuerySchema } from "@/modules/logs/schemas/log";
import { deleteLogsBefore } from "@/modules/logs/server/usage/delete-logs-before";
import { listLogs } from "@/modules/logs/server/usage/list-logs";

// GET /api/log/?p&page_size&type&username&token_name&model_name&start_timestamp&end_timestamp&channel&group – everyone's logs; admin
export const GET = route({ role: "admin", query: logListQuerySchema }, ({ query }) => listLogs(query, { admin: true }));

// DELETE /api/log/?target_timestamp= – removes every log created before that unix time, answers the count; root
export const DELETE = route({ role: "root", query: logCleanupQuerySchema }, ({ query }) =>
  deleteLogsBefore(query.target_timestamp),
);

export type ListLogsAnswer = RouteAnswer<typeof GET>;
export type DeleteLogsAnswer = RouteAnswer<typeof DELETE>;
