import "server-only";

// OpenID Connect sign-in (authorization code flow, scope "openid profile email", nonce = the state).
// The code is exchanged at the token endpoint with the client secret (client_secret_basic, the
// standard's default, falling back to client_secret_post when the provider refuses it). The answer's
// id_token is verified (oidc-id-token.ts: JWKS signature, issuer, audience, expiry, nonce) and is
// what vouches for the account; the userinfo answer (read with the access token) only supplies the
// profile and must name the same `sub`.
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption, getOption } from "@/lib/server/options/store";
import { basicAuth } from "@/modules/auth/server/oauth-providers/basic-auth";
import { field, fetchProviderJson, FORM_HEADERS, formBody, type ProviderAnswer } from "@/lib/server/http/fetch-provider-json";
import { oidcEndpoints } from "@/modules/auth/server/oauth-providers/oidc-discovery";
import { verifyIdToken } from "@/modules/auth/server/oauth-providers/oidc-id-token";
import { reach, type OAuthProfile, type OAuthProvider } from "@/modules/auth/server/oauth-providers/types";
import { OAUTH_PROVIDER_LABEL } from "@/modules/auth/oauth-providers";

const label = OAUTH_PROVIDER_LABEL.oidc;
type AuthMethod = "client_secret_basic" | "client_secret_post";

function methodsToTry(supported: string[]): AuthMethod[] {
  const basicKnown = supported.length === 0 || supported.includes("client_secret_basic");
  return basicKnown ? ["client_secret_basic", "client_secret_post"] : ["client_secret_post"];
}

async function requestToken(url: string, method: AuthMethod, code: string, redirectUri: string) {
  const clientId = await getOption("oidc.client_id");
  const clientSecret = await getOption("oidc.client_secret");
  const fields: Record<string, string> = { grant_type: "authorization_code", code, redirect_uri: redirectUri };
  const headers: Record<string, string> = { ...FORM_HEADERS };
  if (method === "client_secret_basic") headers.Authorization = basicAuth(clientId, clientSecret);
  else Object.assign(fields, { client_id: clientId, client_secret: clientSecret });
  return fetchProviderJson(url, { method: "POST", headers, body: formBody(fields) });
}

async function fetchProfile(code: string, redirectUri: string, state: string): Promise<OAuthProfile> {
  const endpoints = await oidcEndpoints();
  return reach(label, async () => {
    let token: ProviderAnswer | undefined;
    for (const method of methodsToTry(endpoints.authMethods)) {
      token = await requestToken(endpoints.token, method, code, redirectUri);
      // A client registered for the other method is refused as invalid_client, before the code is looked at.
      if (token.ok || field(token.json, "error") !== "invalid_client") break;
    }
    const accessToken = field(token?.json ?? null, "access_token");
    if (!token?.ok || !accessToken) throw new AppError("bad_request", "oauth_token_failed", { provider: label });
    const subject = await verifyIdToken(field(token.json, "id_token"), {
      jwksUri: endpoints.jwksUri,
      issuer: endpoints.issuer,
      clientId: await getOption("oidc.client_id"),
      nonce: state,
    });

    const info = await fetchProviderJson(endpoints.userinfo, { headers: { Authorization: `Bearer ${accessToken}` } });
    const sub = field(info.json, "sub");
    if (!info.ok || !sub || sub !== subject) {
      throw new AppError("bad_request", "oauth_user_info_empty", { provider: label });
    }
    const username = field(info.json, "preferred_username");
    return {
      id: sub,
      username,
      displayName: field(info.json, "name") || username,
      // An address the provider says it has not verified is not taken.
      email: info.json?.email_verified === false ? "" : field(info.json, "email"),
    };
  });
}

export const oidc: OAuthProvider = {
  id: "oidc",
  label,
  usernamePrefix: "oidc_",
  userField: "oidcId",
  isEnabled: () => getBoolOption("oidc.enabled"),
  fetchProfile,
};
