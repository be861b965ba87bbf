import "server-only";

// The WeChat and Telegram calls are GETs that sign in or bind, so the CSRF check of writes (route
// wrapper) does not cover them, and the Lax session cookie rides along on a cross-site navigation.
// Without this, a page could send a signed-in victim to /api/oauth/telegram/bind?<the attacker's
// own signed widget data> (or /api/oauth/wechat/bind?code=<attacker's code>) and the attacker could
// then sign in as the victim. Browsers label every request with Sec-Fetch-Site; only our own pages
// ("same-origin") and a URL typed by the user ("none") pass. Scripts send no such header.
import { AppError } from "@/lib/server/http/app-error";
import { isCrossSiteNavigation } from "@/lib/server/http/same-site";

export function refuseCrossSite(headers: Headers): void {
  if (isCrossSiteNavigation(headers)) throw new AppError("forbidden", "cross_site_refused");
}
