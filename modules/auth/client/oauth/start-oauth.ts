// Leaving for the provider: a state from the server, the provider's authorization URL with
// redirect_uri {origin}/oauth/{provider}, and (for sign-in) the page to come back to afterwards,
// kept in sessionStorage because the redirect URI must stay fixed.
import { hardNavigate } from "@/lib/client/navigate";
import { fetchOAuthState } from "@/modules/auth/client/oauth/api";
import { getStoredValue } from "@/lib/client/storage";
import { authorizeUrl, type AuthorizeConfig, type OAuthProviderId } from "@/modules/auth/oauth-providers";

const RETURN_TO_KEY = "oauth_return_to";
/** Where the register page keeps an invite code (?aff=) for a later OAuth registration. */
export const AFF_STORAGE_KEY = "aff";

export class OAuthNotConfigured extends Error {
  constructor(readonly provider: OAuthProviderId) {
    super(`${provider} sign-in is not configured`);
    this.name = "OAuthNotConfigured";
  }
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The invite code to register with: ?aff= on this page, else the one the register page kept. */
function currentAffCode(): string {
  return new URLSearchParams(window.location.search).get("aff") || getStoredValue(AFF_STORAGE_KEY) || "";
}

export async function startOAuth(
  provider: OAuthProviderId,
  config: AuthorizeConfig,
  options: { returnTo?: string | null; bind?: boolean } = {},
): Promise<void> {
  if (!authorizeUrl(provider, config, "probe", window.location.origin)) throw new OAuthNotConfigured(provider);
  const state = await fetchOAuthState(provider, options.bind ? "" : currentAffCode());
  const url = authorizeUrl(provider, config, state, window.location.origin)!;
  if (options.returnTo) session()?.setItem(RETURN_TO_KEY, options.returnTo);
  else session()?.removeItem(RETURN_TO_KEY);
  hardNavigate(url);
}

/** The page a sign-in started from asked to return to (read once). */
export function takeOAuthReturnTo(): string | null {
  const s = session();
  const value = s?.getItem(RETURN_TO_KEY) ?? null;
  s?.removeItem(RETURN_TO_KEY);
  return value;
}
