// POST /api/user/passkey/login/finish – the assertion checked; its credential's user is signed in
// (a passkey is possession and, with user verification, a second factor: no TOTP step follows, as new-api)
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { envelope, route } from "@/lib/server/http/route";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { sessionUserFields } from "@/lib/server/auth/current-user";
import { snakeFields } from "@/lib/server/dto-fields";
import { authenticationResponseSchema } from "@/modules/security/schemas";
import { finishAssertion } from "@/modules/security/server/passkeys/assert-passkey";
import { clearTicketCookie } from "@/modules/security/server/one-time-ticket";

export const POST = route(
  { role: "public", critical: true, body: authenticationResponseSchema },
  async ({ req, body, ip, t }) => {
    const user = await finishAssertion("webauthn_login", req.headers, body as AuthenticationResponseJSON);
    const token = await mintSessionToken(
      { uid: user.id, v: user.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "passkey"),
    );
    const res = envelope(snakeFields(user, sessionUserFields), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    res.headers.append("Set-Cookie", clearTicketCookie("webauthn_login"));
    res.headers.append("Set-Cookie", clearTicketCookie("login_2fa"));
    return res;
  },
);
