// POST /api/verify {method: "2fa"|"passkey"|"password", code?, password?} – secure verification of
// this session for 5 minutes (new-api's universal verify; "password" only for accounts without 2FA or passkey)
import { envelope, route } from "@/lib/server/http/route";
import { verifySchema } from "@/modules/security/schemas";
import { secureVerify } from "@/modules/security/server/verification/secure-verification";

export const POST = route({ role: "user", critical: true, body: verifySchema }, async ({ user, body, t }) =>
  envelope(await secureVerify(user, body), t("verify_success")),
);
