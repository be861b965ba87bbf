import { route, type RouteAnswer } from "@/lib/server/http/route";
import { dataQuerySchema } from "@/modules/logs/schemas/dashboard";
import { getQuotaData } from "@/modules/logs/server/dashboard/get-quota-data";

// GET /api/data/?start_timestamp&end_timestamp&username – usage per model and hour (per user and model with username); admin
export const GET = route({ role: "admin", query: dataQuerySchema }, ({ query }) => getQuotaData(query));

export type QuotaDataAnswer = RouteAnswer<typeof GET>;
