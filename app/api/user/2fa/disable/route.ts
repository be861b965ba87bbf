// POST /api/user/2fa/disable {code} – switches two-factor off; the TOTP or backup code is the fresh proof
import { envelope, route } from "@/lib/server/http/route";
import { twoFactorCodeSchema } from "@/modules/security/schemas";
import { disableTwoFactor } from "@/modules/security/server/two-factor/disable-two-factor";

export const POST = route({ role: "user", body: twoFactorCodeSchema }, async ({ user, body, t }) => {
  await disableTwoFactor(user, body.code);
  return envelope(null, t("twofa_disabled"));
});
