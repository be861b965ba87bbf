// GET /api/user/topup/self?p&page_size&keyword – the caller's top-up orders, newest first; user
import { route } from "@/lib/server/http/route";
import { topupListQuerySchema } from "@/lib/schemas/topup";
import { listTopups } from "@/lib/server/services/topup/list-topups";

export const GET = route({ role: "user", query: topupListQuerySchema }, ({ user, query }) =>
  listTopups({ ...query, userId: user.id }),
);
