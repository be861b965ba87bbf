// GET /api/oauth/wechat?code= – sign in (or register) with the code from the WeChat QR code; public
import { envelope, route } from "@/lib/server/http/route";
import { refuseCrossSite } from "@/lib/server/oauth/refuse-cross-site";
import { weChatCodeQuerySchema } from "@/lib/schemas/im-auth";
import { mintSessionToken, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/lib/server/dto/user";
import { loginWithWeChat } from "@/lib/server/services/im-auth/login-with-wechat";

export const GET = route(
  { role: "public", critical: true, query: weChatCodeQuerySchema },
  async ({ req, query, ip, t }) => {
    refuseCrossSite(req.headers);
    const user = await loginWithWeChat(query.code, ip);
    const token = await mintSessionToken({ uid: user.id, v: user.authVersion, username: user.username });
    const res = envelope(toSessionUserDto(user), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    return res;
  },
);
