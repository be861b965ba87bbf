// GET /api/oauth/telegram/login?id&first_name&last_name&username&photo_url&auth_date&hash – sign in the account bound to a Telegram id; public
import { envelope, route } from "@/lib/server/http/route";
import { refuseCrossSite } from "@/modules/accounts/server/oauth-providers/refuse-cross-site";
import { telegramFieldsSchema } from "@/modules/accounts/schemas/im-auth";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/modules/accounts/server/dto";
import { loginWithTelegram } from "@/modules/accounts/server/im-auth/login-with-telegram";

export const GET = route(
  { role: "public", critical: true, query: telegramFieldsSchema },
  async ({ req, query, ip, t }) => {
    refuseCrossSite(req.headers);
    const user = await loginWithTelegram(query);
    const token = await mintSessionToken(
      { uid: user.id, v: user.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "telegram"),
    );
    const res = envelope(toSessionUserDto(user), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    return res;
  },
);
