import "server-only";

// The OIDC provider's endpoints: the ones root saved (oidc.token_endpoint, oidc.user_info_endpoint),
// else the discovery document at oidc.well_known, fetched once and kept for ten minutes. The
// discovery document is always needed: its issuer and jwks_uri verify the id_token (issue 17).
// Every URL must be http(s).
import { AppError } from "@/lib/server/http/app-error";
import { getOption } from "@/lib/server/options/store";
import { field, fetchProviderJson } from "@/lib/server/http/fetch-provider-json";
import { reach } from "@/modules/auth/server/oauth-providers/types";
import { isHttpUrl } from "@/lib/http-url";
import { OAUTH_PROVIDER_LABEL } from "@/modules/auth/oauth-providers";

const CACHE_MS = 10 * 60 * 1000;

export type OidcEndpoints = {
  token: string;
  userinfo: string;
  /** token_endpoint_auth_methods_supported of the discovery document ([] when unknown). */
  authMethods: string[];
  /** The issuer and key set that id_tokens must match. */
  issuer: string;
  jwksUri: string;
};

type Discovery = { token: string; userinfo: string; authMethods: string[]; issuer: string; jwksUri: string };

const g = globalThis as unknown as { __oidcDiscovery?: Map<string, { at: number; doc: Discovery }> };
const cache = (g.__oidcDiscovery ??= new Map());

/** Drops the cached discovery documents (tests; a changed well-known URL is a new cache key anyway). */
export function forgetOidcDiscovery(): void {
  cache.clear();
}

async function discover(wellKnown: string): Promise<Discovery> {
  const hit = cache.get(wellKnown);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.doc;
  const answer = await reach(OAUTH_PROVIDER_LABEL.oidc, () => fetchProviderJson(wellKnown));
  if (!answer.ok || !answer.json) throw new AppError("bad_request", "oauth_oidc_discovery_failed");
  const methods = answer.json.token_endpoint_auth_methods_supported;
  const doc: Discovery = {
    token: field(answer.json, "token_endpoint"),
    userinfo: field(answer.json, "userinfo_endpoint"),
    authMethods: Array.isArray(methods) ? methods.filter((m): m is string => typeof m === "string") : [],
    issuer: field(answer.json, "issuer"),
    jwksUri: field(answer.json, "jwks_uri"),
  };
  cache.set(wellKnown, { at: Date.now(), doc });
  return doc;
}

export async function oidcEndpoints(): Promise<OidcEndpoints> {
  const wellKnown = (await getOption("oidc.well_known")).trim();
  if (!wellKnown) throw new AppError("bad_request", "oauth_oidc_well_known_required");
  if (!isHttpUrl(wellKnown)) throw new AppError("bad_request", "oauth_oidc_config_invalid");
  const doc = await discover(wellKnown);
  const token = (await getOption("oidc.token_endpoint")).trim() || doc.token;
  const userinfo = (await getOption("oidc.user_info_endpoint")).trim() || doc.userinfo;
  if (!isHttpUrl(token) || !isHttpUrl(userinfo) || !doc.issuer || !isHttpUrl(doc.jwksUri)) {
    throw new AppError("bad_request", "oauth_oidc_config_invalid");
  }
  return { token, userinfo, authMethods: doc.authMethods, issuer: doc.issuer, jwksUri: doc.jwksUri };
}
