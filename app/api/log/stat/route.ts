import { route, type RouteAnswer } from "@/lib/server/http/route";
import { logFilterSchema } from "@/modules/logs/schemas/log";
import { logStat } from "@/modules/logs/server/usage/log-stat";

// GET /api/log/stat – quota, rpm and tpm of everyone's logs under the filters; admin
export const GET = route({ role: "admin", query: logFilterSchema }, ({ query }) => logStat(query, { admin: true }));

export type LogStatAnswer = RouteAnswer<typeof GET>;
