// POST /api/user/login/2fa {code} – the second step of a sign-in with two-factor: checks the code
// against the pending sign-in (its cookie) and only then sets the session cookie
import { envelope, route } from "@/lib/server/http/route";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { snakeFields } from "@/lib/server/dto-fields";
import { sessionUserFields } from "@/lib/server/auth/current-user";
import { twoFactorCodeSchema } from "@/modules/security/schemas";
import { finishSecondStep } from "@/modules/security/server/two-factor/second-step";
import { clearTicketCookie } from "@/modules/security/server/one-time-ticket";

export const POST = route(
  { role: "public", critical: true, body: twoFactorCodeSchema },
  async ({ req, body, ip, t }) => {
    const user = await finishSecondStep(req.headers, body.code);
    const token = await mintSessionToken(
      { uid: user.id, v: user.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "2fa"),
    );
    const res = envelope(snakeFields(user, sessionUserFields), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    res.headers.append("Set-Cookie", clearTicketCookie("login_2fa"));
    return res;
  },
);
