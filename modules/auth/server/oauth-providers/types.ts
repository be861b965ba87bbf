import "server-only";

// What every OAuth provider module gives the sign-in services: whether the site enabled it, and the
// account behind an authorization code.
import { AppError } from "@/lib/server/http/app-error";
import { ProviderUnreachable } from "@/lib/server/http/fetch-provider-json";
import type { OAuthProviderId } from "@/modules/auth/oauth-providers";

/** The provider account, as the provider describes it. */
export type OAuthProfile = {
  /** Stable provider id (GitHub numeric id, OIDC `sub`, LinuxDO numeric id). */
  id: string;
  /** Login name at the provider ("" when none). */
  username: string;
  displayName: string;
  /** Only an address the provider vouches for ("" when none). */
  email: string;
  /** LinuxDO only. */
  trustLevel?: number;
};

/** The users column that holds a provider's id. */
export type OAuthUserField = "githubId" | "oidcId" | "linuxDoId";

export type OAuthProvider = {
  id: OAuthProviderId;
  /** Name used in server messages. */
  label: string;
  /** Username of new accounts when the provider login is unusable: `{prefix}{maxUserId + 1}`. */
  usernamePrefix: string;
  userField: OAuthUserField;
  isEnabled(): Promise<boolean>;
  /**
   * Exchanges the code for an access token and reads the account. `state` is the sign-in's state,
   * already checked; OIDC uses it as the nonce. Throws AppError on failure.
   */
  fetchProfile(code: string, redirectUri: string, state: string): Promise<OAuthProfile>;
  /** Refuses an account that may not join (register or bind), e.g. LinuxDO's minimum trust level. */
  admit?(profile: OAuthProfile): Promise<void>;
};

/** Runs a provider call, turning network failures into "无法连接至 {provider} 服务器". */
export async function reach<T>(label: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ProviderUnreachable)
      throw new AppError("bad_request", "oauth_connect_failed", { provider: label });
    throw err;
  }
}
