import "server-only";

// GET /api/oauth/{provider}?code&state: checks the state (this browser's, unused, unexpired, for
// this provider), reads the provider account, then binds it to the signed-in user who asked for the
// state, or signs in / registers.
import { AppError } from "@/lib/server/http/app-error";
import { oauthProvider } from "@/modules/auth/server/oauth-providers/registry";
import { consumeOAuthState } from "@/modules/auth/server/oauth-providers/state";
import { bindOAuthAccount } from "@/modules/auth/server/oauth/bind-oauth-account";
import { signInWithOAuth } from "@/modules/auth/server/oauth/sign-in-with-oauth";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { LoggedInUser } from "@/modules/auth/server/login-user";
import type { OAuthProviderId } from "@/modules/auth/oauth-providers";

export type OAuthCallbackInput = {
  provider: OAuthProviderId;
  code: string;
  state: string;
  browserKey: string | undefined;
  caller: CurrentUser | null;
  redirectUri: string;
};

export type OAuthCallbackResult = { kind: "bind" } | { kind: "login"; user: LoggedInUser };

export async function handleOAuthCallback(input: OAuthCallbackInput): Promise<OAuthCallbackResult> {
  const provider = oauthProvider(input.provider);
  if (!(await provider.isEnabled())) throw new AppError("forbidden", "oauth_not_enabled", { provider: provider.label });

  const payload = await consumeOAuthState(input.state, input.browserKey);
  if (!payload || (payload.provider && payload.provider !== provider.id)) {
    throw new AppError("forbidden", "oauth_state_invalid");
  }
  // A bind state belongs to the user who asked for it, still signed in in this browser.
  if (payload.mode === "bind" && input.caller?.id !== payload.uid)
    throw new AppError("forbidden", "oauth_state_invalid");
  if (!input.code) throw new AppError("bad_request", "oauth_invalid_code");

  const profile = await provider.fetchProfile(input.code, input.redirectUri, input.state);
  if (payload.mode === "bind") {
    await bindOAuthAccount(payload.uid, provider, profile);
    return { kind: "bind" };
  }
  return { kind: "login", user: await signInWithOAuth(provider, profile, payload.aff) };
}
