// POST /api/user/passkey/verify/finish – the caller's assertion checked; this session may then
// POST /api/verify {method: "passkey"} within a minute (new-api's two calls)
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { envelope, route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { authenticationResponseSchema } from "@/modules/security/schemas";
import { finishAssertion, markPasskeyReady } from "@/modules/security/server/passkeys/assert-passkey";
import { clearTicketCookie } from "@/modules/security/server/one-time-ticket";

export const POST = route({ role: "user", body: authenticationResponseSchema }, async ({ req, user, body, t }) => {
  if (!user.sessionId) throw new AppError("unauthorized", "verify_session_required");
  await finishAssertion("webauthn_verify", req.headers, body as AuthenticationResponseJSON, user.id);
  await markPasskeyReady(user.sessionId);
  const res = envelope(null, t("passkey_verified"));
  res.headers.append("Set-Cookie", clearTicketCookie("webauthn_verify"));
  return res;
});
