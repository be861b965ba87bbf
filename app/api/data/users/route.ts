import { route, type RouteAnswer } from "@/lib/server/http/route";
import { dataQuerySchema } from "@/modules/logs/schemas/dashboard";
import { getQuotaDataByUser } from "@/modules/logs/server/dashboard/get-quota-data-by-user";

// GET /api/data/users?start_timestamp&end_timestamp&username – usage per user and hour; admin
export const GET = route({ role: "admin", query: dataQuerySchema }, ({ query }) => getQuotaDataByUser(query));

export type UserQuotaDataAnswer = RouteAnswer<typeof GET>;
