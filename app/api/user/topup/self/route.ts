// GET /api/user/topup/self?p&page_size&keyword – the caller's top-up orders, newest first; user
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { topupListQuerySchema } from "@/modules/wallet/schemas";
import { listTopups } from "@/modules/wallet/server/list-topups";

export const GET = route({ role: "user", query: topupListQuerySchema }, ({ user, query }) =>
  listTopups({ ...query, userId: user.id }),
);

export type ListTopupsAnswer = RouteAnswer<typeof GET>;
