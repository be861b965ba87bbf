// GET /api/oauth/wechat?code= – sign in (or register) with the code from the WeChat QR code; public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { refuseCrossSite } from "@/modules/auth/server/oauth-providers/refuse-cross-site";
import { weChatCodeQuerySchema } from "@/modules/auth/schemas/im-auth";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/modules/users/server/dto";
import { loginWithWeChat } from "@/modules/auth/server/im-auth/login-with-wechat";

export const GET = route(
  { role: "public", critical: true, query: weChatCodeQuerySchema },
  async ({ req, query, ip, t }) => {
    refuseCrossSite(req.headers);
    const user = await loginWithWeChat(query.code, ip);
    const token = await mintSessionToken(
      { uid: user.id, v: user.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "wechat"),
    );
    const res = envelope(toSessionUserDto(user), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    return res;
  },
);

export type GetOauthWechatAnswer = RouteAnswer<typeof GET>;
