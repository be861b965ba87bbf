import { route } from "@/lib/server/http/route";
import { logListQuerySchema } from "@/lib/schemas/log";
import { listLogs } from "@/lib/server/services/logs/list-logs";

// GET /api/log/?p&page_size&type&username&token_name&model_name&start_timestamp&end_timestamp&channel&group – everyone's logs; admin
export const GET = route({ role: "admin", query: logListQuerySchema }, ({ query }) => listLogs(query, { admin: true }));
