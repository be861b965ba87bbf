// POST /api/user/2fa/enable {code} – switches two-factor on with the first code of the set-up's secret
import { envelope, route } from "@/lib/server/http/route";
import { twoFactorCodeSchema } from "@/modules/security/schemas";
import { enableTwoFactor } from "@/modules/security/server/two-factor/enable-two-factor";

export const POST = route({ role: "user", body: twoFactorCodeSchema }, async ({ user, body, t }) => {
  await enableTwoFactor(user, body.code);
  return envelope(null, t("twofa_enabled"));
});
