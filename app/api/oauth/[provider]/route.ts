// GET /api/oauth/{github|oidc|linuxdo}?code&state – OAuth callback: sign in, register, or bind when signed in; public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { oauthCallbackQuerySchema } from "@/modules/auth/schemas/oauth";
import { mintSessionToken, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { toSessionUserDto } from "@/modules/users/server/dto";
import { publicOrigin } from "@/modules/auth/server/oauth-providers/public-origin";
import { readBrowserKey } from "@/modules/auth/server/oauth-providers/state";
import { handleOAuthCallback } from "@/modules/auth/server/oauth/handle-oauth-callback";
import { isOAuthProviderId, oauthRedirectUri } from "@/modules/auth/oauth-providers";

export const GET = route(
  { role: "public", critical: true, query: oauthCallbackQuerySchema },
  async ({ req, query, params, user, ip, t }) => {
    const provider = params.provider;
    if (!isOAuthProviderId(provider)) throw new AppError("not_found", "oauth_provider_unknown");
    const result = await handleOAuthCallback({
      provider,
      code: query.code,
      state: query.state,
      browserKey: readBrowserKey(req.headers),
      caller: user,
      redirectUri: oauthRedirectUri(publicOrigin(req.headers, req.nextUrl), provider),
    });
    // The contract: message "bind" means bound; otherwise data is the signed-in user.
    if (result.kind === "bind") return envelope(null, "bind");
    const token = await mintSessionToken(
      { uid: result.user.id, v: result.user.authVersion, username: result.user.username },
      sessionMetaOf(req.headers, ip, `oauth:${provider}`),
    );
    const res = envelope(toSessionUserDto(result.user), t("login_success"));
    res.headers.append("Set-Cookie", sessionSetCookie(token));
    return res;
  },
);

export type GetOauthProviderAnswer = RouteAnswer<typeof GET>;
