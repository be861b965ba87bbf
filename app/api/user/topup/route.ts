// POST /api/user/topup?turnstile= {key} – redeem a code; data {quota, is_gift}; user
// GET /api/user/topup?p&page_size&keyword – every user's online top-up orders; admin
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { humanCheckQuerySchema } from "@/modules/auth/schemas/human-check";
import { redeemSchema } from "@/modules/redemptions/schemas";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { topupListQuerySchema } from "@/modules/wallet/schemas";
import { redeemCode } from "@/modules/redemptions/server/redeem-code";
import { listTopups } from "@/modules/wallet/server/list-topups";

export const POST = route(
  { role: "user", body: redeemSchema, query: humanCheckQuerySchema, bodyLimit: 4096 },
  async ({ user, body, query, ip, t }) => {
    await assertHumanCheck(query.turnstile, ip);
    return envelope(await redeemCode(user, body.key), t("redemption_redeem_success"));
  },
);

export const GET = route({ role: "admin", query: topupListQuerySchema }, ({ query }) => listTopups(query));

export type RedeemCodeAnswer = RouteAnswer<typeof POST>;
export type GetUserTopupAnswer = RouteAnswer<typeof GET>;
