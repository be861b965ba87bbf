import { route, type RouteAnswer } from "@/lib/server/http/route";
import { logFilterSchema } from "@/modules/logs/schemas/log";
import { logStat } from "@/modules/logs/server/usage/log-stat";

// GET /api/log/self/stat – quota, rpm and tpm of the caller's logs under the filters; user
export const GET = route({ role: "user", query: logFilterSchema }, ({ user, query }) =>
  logStat(query, { selfUserId: user.id }),
);

export type SelfLogStatAnswer = RouteAnswer<typeof GET>;
