// Typed fetchers of the OAuth calls.
import { apiData, apiFetch } from "@/lib/client/api";
import type { StoredUser } from "@/lib/client/storage";
import type { OAuthProviderId } from "@/modules/auth/oauth-providers";

/** GET /api/oauth/state: a single-use state (bind mode when signed in). */
export function fetchOAuthState(provider: OAuthProviderId, aff: string): Promise<string> {
  return apiData<string>("/api/oauth/state", { query: { provider, aff: aff || undefined } });
}

export type OAuthCallbackOutcome = { kind: "bind" } | { kind: "login"; user: StoredUser };

/** GET /api/oauth/{provider}?code&state: message "bind" means bound; otherwise data is the user. */
export async function completeOAuth(
  provider: OAuthProviderId,
  code: string,
  state: string,
): Promise<OAuthCallbackOutcome> {
  const res = await apiFetch<StoredUser | null>(`/api/oauth/${provider}`, { query: { code, state } });
  return res.message === "bind" || !res.data ? { kind: "bind" } : { kind: "login", user: res.data };
}
