import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { loginSchema } from "@/modules/users/schemas/account";
import { humanCheckQuerySchema } from "@/modules/auth/schemas/human-check";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { loginUser } from "@/modules/auth/server/login-user";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/modules/users/server/dto";
import { secondStepAnswer } from "@/modules/security/server";

// POST /api/user/login?turnstile= – password login by username or email; sets the session cookie
export const POST = route(
  { role: "public", critical: true, body: loginSchema, query: humanCheckQuerySchema },
  async ({ req, body, query, ip, t }) => {
    // before the password check: a refused human check never counts as a failed login
    await assertHumanCheck(query.turnstile, ip);
    const user = await loginUser(body, ip);
    // two-factor on: no session yet, only the pending sign-in for POST /api/user/login/2fa
    const pending = await secondStepAnswer(user, t);
    if (pending) return pending;
    const token = await mintSessionToken(
      { uid: user.id, v: user.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "password"),
    );
    const res = envelope(toSessionUserDto(user), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    return res;
  },
);

export type PostUserLoginAnswer = RouteAnswer<typeof POST>;
