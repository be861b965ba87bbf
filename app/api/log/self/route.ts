import { route, type RouteAnswer } from "@/lib/server/http/route";
import { logListQuerySchema } from "@/modules/logs/schemas/log";
import { listLogs } from "@/modules/logs/server/usage/list-logs";

// GET /api/log/self/?p&page_size&type&token_name&model_name&start_timestamp&end_timestamp&group – own logs; user
export const GET = route({ role: "user", query: logListQuerySchema }, ({ user, query }) =>
  listLogs(query, { selfUserId: user.id }),
);

export type ListSelfLogsAnswer = RouteAnswer<typeof GET>;
