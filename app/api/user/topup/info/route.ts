// GET /api/user/topup/info – whether online top-up is on, minimum, pay methods, quick amounts, top-up link; user
import { route, type RouteAnswer } from "@/lib/server/http/route";
import { getTopupInfo } from "@/modules/wallet/server/get-topup-info";

export const GET = route({ role: "user" }, () => getTopupInfo());

export type TopupInfoAnswer = RouteAnswer<typeof GET>;
