// The classic OAuth sign-in providers: what both the console and the server know
// about them. Each provider sends the browser back to /oauth/{provider} (the callback page), which
// calls GET /api/oauth/{provider}?code&state.
import { isHttpUrl } from "@/lib/http-url";

export const OAUTH_PROVIDERS = ["github", "oidc", "linuxdo"] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDERS)[number];

export function isOAuthProviderId(value: unknown): value is OAuthProviderId {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** Names shown in buttons and in server messages ("管理员未开启通过 {provider} 登录以及注册"). */
export const OAUTH_PROVIDER_LABEL: Record<OAuthProviderId, string> = {
  github: "GitHub",
  oidc: "OIDC",
  linuxdo: "LinuxDO",
};

/** Scope of the OIDC authorization request. */
export const OIDC_SCOPE = "openid profile email";

/** Real authorization endpoints of the fixed providers (the OIDC one comes from the options). */
export const GITHUB_AUTHORIZE_URL = "https://github.com/login/oauth/authorize";
export const LINUXDO_AUTHORIZE_URL = "https://connect.linux.do/oauth2/authorize";

/** Where the provider sends the browser back: the callback page of this console. */
export function oauthRedirectUri(origin: string, provider: OAuthProviderId): string {
  return `${origin.replace(/\/+$/, "")}/oauth/${provider}`;
}

export type AuthorizeConfig = {
  github_client_id: string;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  linuxdo_client_id: string;
};

/**
 * The provider's authorization URL for a state from GET /api/oauth/state, or null when the site is
 * not configured for it (no client id, or an OIDC authorization endpoint that is not http(s)).
 */
export function authorizeUrl(
  provider: OAuthProviderId,
  config: AuthorizeConfig,
  state: string,
  origin: string,
): string | null {
  const redirect = oauthRedirectUri(origin, provider);
  let url: URL;
  if (provider === "github") {
    if (!config.github_client_id) return null;
    url = new URL(GITHUB_AUTHORIZE_URL);
    url.searchParams.set("client_id", config.github_client_id);
    url.searchParams.set("scope", "user:email");
  } else if (provider === "linuxdo") {
    if (!config.linuxdo_client_id) return null;
    url = new URL(LINUXDO_AUTHORIZE_URL);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", config.linuxdo_client_id);
  } else {
    if (!config.oidc_client_id || !isHttpUrl(config.oidc_authorization_endpoint)) return null;
    url = new URL(config.oidc_authorization_endpoint.trim());
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", config.oidc_client_id);
    url.searchParams.set("scope", OIDC_SCOPE);
    // The state doubles as the nonce: random, single use and bound to this browser; the server
    // checks that the id_token carries it (modules/auth/server/oauth-providers/oidc-id-token.ts).
    url.searchParams.set("nonce", state);
  }
  url.searchParams.set("redirect_uri", redirect);
  url.searchParams.set("state", state);
  return url.toString();
}
