// GET|POST /api/oauth/wechat/bind?code= – bind the WeChat account behind the code to oneself; user
import { AppError } from "@/lib/server/http/app-error";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { refuseCrossSite } from "@/modules/auth/server/oauth-providers/refuse-cross-site";
import { weChatBindBodySchema, weChatBindQuerySchema, weChatCodeSchema } from "@/modules/auth/schemas/im-auth";
import { bindWeChat } from "@/modules/auth/server/im-auth/bind-wechat";

function codeOf(...candidates: (string | undefined)[]): string {
  const parsed = weChatCodeSchema.safeParse(candidates.find((c) => c?.trim()) ?? "");
  if (!parsed.success) throw new AppError("bad_request", "im_wechat_code_required");
  return parsed.data;
}

// Classic clients send GET with the code in the query.
export const GET = route({ role: "user", query: weChatBindQuerySchema }, async ({ req, user, query, ip, t }) => {
  refuseCrossSite(req.headers);
  await bindWeChat(user.id, codeOf(query.code), ip);
  return envelope(null, t("im_bind_success"));
});

// Newer clients POST it (query or JSON body {code}); a write, so cross-site requests are refused.
export const POST = route(
  { role: "user", query: weChatBindQuerySchema, body: weChatBindBodySchema, bodyLimit: 1024 },
  async ({ user, query, body, ip, t }) => {
    await bindWeChat(user.id, codeOf(body.code, query.code), ip);
    return envelope(null, t("im_bind_success"));
  },
);

export type GetOauthWechatBindAnswer = RouteAnswer<typeof GET>;
export type PostOauthWechatBindAnswer = RouteAnswer<typeof POST>;
