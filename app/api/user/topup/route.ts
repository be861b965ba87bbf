// POST /api/user/topup?turnstile= {key} – redeem a code; data {quota, is_gift}; user
import { envelope, route } from "@/lib/server/http/route";
import { redeemSchema } from "@/lib/schemas/redemption";
import { redeemCode } from "@/lib/server/services/redemptions/redeem-code";

export const POST = route({ role: "user", body: redeemSchema, bodyLimit: 4096 }, async ({ user, body, t }) =>
  envelope(await redeemCode(user, body.key), t("redemption_redeem_success")),
);
