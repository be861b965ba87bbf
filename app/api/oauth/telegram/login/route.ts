// GET /api/oauth/telegram/login?id&first_name&last_name&username&photo_url&auth_date&hash – sign in the account bound to a Telegram id; public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { refuseCrossSite } from "@/modules/auth/server/oauth-providers/refuse-cross-site";
import { telegramFieldsSchema } from "@/modules/auth/schemas/im-auth";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/modules/users/server/dto";
import { loginWithTelegram } from "@/modules/auth/server/im-auth/login-with-telegram";

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

export type GetOauthTelegramLoginAnswer = RouteAnswer<typeof GET>;
