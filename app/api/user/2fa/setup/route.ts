// POST /api/user/2fa/setup – a new TOTP secret, its otpauth:// URI and backup codes (shown once; not yet enabled)
import { envelope, route } from "@/lib/server/http/route";
import { setupTwoFactor } from "@/modules/security/server/two-factor/setup-two-factor";

export const POST = route({ role: "user" }, async ({ user, t }) =>
  envelope(await setupTwoFactor(user), t("twofa_setup_started")),
);
