import { route, type RouteAnswer } from "@/lib/server/http/route";
import { dataQuerySchema } from "@/modules/logs/schemas/dashboard";
import { getSelfQuotaData } from "@/modules/logs/server/dashboard/get-self-quota-data";

// GET /api/data/self?start_timestamp&end_timestamp – the caller's own usage per model and hour (≤ 30 days); user
export const GET = route({ role: "user", query: dataQuerySchema }, ({ user, query }) => getSelfQuotaData(user.id, query));

export type SelfQuotaDataAnswer = RouteAnswer<typeof GET>;
