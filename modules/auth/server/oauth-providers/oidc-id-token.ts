import "server-only";

// Verification of the OIDC id_token (issue 17): the token answer of a code exchange must carry an
// id_token signed by a key of the provider's JWKS (jwks_uri of the discovery document), issued by
// the discovery document's issuer, for our client id, not expired, and carrying the nonce of this
// sign-in. Only then is its `sub` trusted, and the userinfo answer must name the same subject. The
// nonce is the sign-in's state: random, single use and bound to the browser (modules/auth/server/oauth-providers/state.ts),
// so an id_token minted for another sign-in, or one forged by whoever answers at a token or userinfo
// endpoint, is refused.
import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from "jose";
import { AppError } from "@/lib/server/http/app-error";

type RemoteJwks = ReturnType<typeof createRemoteJWKSet>;

const g = globalThis as unknown as { __oidcJwks?: Map<string, RemoteJwks> };
// Keyed by URL; jose caches the keys and refetches on an unknown key id (key rotation).
const keySets = (g.__oidcJwks ??= new Map());
const MAX_KEY_SETS = 16;

function keySet(jwksUri: string): RemoteJwks {
  let set = keySets.get(jwksUri);
  if (!set) {
    if (keySets.size >= MAX_KEY_SETS) keySets.clear();
    set = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000, cooldownDuration: 30_000 });
    keySets.set(jwksUri, set);
  }
  return set;
}

export type IdTokenExpectations = { jwksUri: string; issuer: string; clientId: string; nonce: string };

/** The verified `sub` of an id_token; throws AppError oauth_oidc_id_token_invalid otherwise. */
export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<string> {
  const invalid = () => new AppError("bad_request", "oauth_oidc_id_token_invalid");
  if (!idToken) throw invalid();
  try {
    const { payload } = await jwtVerify(idToken, keySet(expected.jwksUri), {
      issuer: expected.issuer,
      audience: expected.clientId,
      clockTolerance: 60,
      requiredClaims: ["sub", "exp", "iat"],
    });
    if (payload.nonce !== expected.nonce) throw invalid();
    if (typeof payload.sub !== "string" || payload.sub === "") throw invalid();
    return payload.sub;
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JOSEError || err instanceof TypeError) throw invalid();
    throw err;
  }
}
