import { route } from "@/lib/server/http/route";
import { dataQuerySchema } from "@/lib/schemas/dashboard";
import { getQuotaData } from "@/lib/server/services/dashboard/get-quota-data";

// GET /api/data/?start_timestamp&end_timestamp&username – usage per model and hour (per user and model with username); admin
export const GET = route({ role: "admin", query: dataQuerySchema }, ({ query }) => getQuotaData(query));
