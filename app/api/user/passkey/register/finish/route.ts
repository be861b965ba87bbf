// POST /api/user/passkey/register/finish – the new credential (the browser's JSON) checked and stored
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { envelope, route } from "@/lib/server/http/route";
import { registrationResponseSchema } from "@/modules/security/schemas";
import { finishPasskeyRegistration } from "@/modules/security/server/passkeys/register-passkey";
import { clearTicketCookie } from "@/modules/security/server/one-time-ticket";

export const POST = route({ role: "user", body: registrationResponseSchema }, async ({ req, user, body, t }) => {
  await finishPasskeyRegistration(user, req.headers, body as RegistrationResponseJSON);
  const res = envelope(null, t("passkey_registered"));
  res.headers.append("Set-Cookie", clearTicketCookie("webauthn_register"));
  return res;
});
