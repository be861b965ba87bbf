// GET /api/oauth/telegram/bind?<widget fields> – bind a verified Telegram account to oneself; user
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { telegramFieldsSchema } from "@/modules/auth/schemas/im-auth";
import { refuseCrossSite } from "@/modules/auth/server/oauth-providers/refuse-cross-site";
import { bindTelegram } from "@/modules/auth/server/im-auth/bind-telegram";

// Called with fetch from /app/me. The widget's data-auth-url mode (a cross-site navigation from
// Telegram) is refused on purpose: the signed data does not say which account it may bind to.
export const GET = route({ role: "user", query: telegramFieldsSchema }, async ({ req, user, query, t }) => {
  refuseCrossSite(req.headers);
  await bindTelegram(user.id, query);
  return envelope(null, t("im_bind_success"));
});

export type GetOauthTelegramBindAnswer = RouteAnswer<typeof GET>;
