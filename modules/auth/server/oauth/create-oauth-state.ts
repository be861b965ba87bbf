import "server-only";

// GET /api/oauth/state: a state for the next provider round trip. Asked while signed in, the round
// trip binds the provider account to the caller; otherwise it signs in or registers (with the
// invite code, when one is given).
import { issueOAuthState } from "@/modules/auth/server/oauth-providers/state";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { OAuthProviderId } from "@/modules/auth/oauth-providers";

export async function createOAuthState(input: {
  caller: CurrentUser | null;
  browserKey: string;
  aff: string;
  provider: OAuthProviderId | "";
}): Promise<string> {
  return issueOAuthState(input.browserKey, {
    mode: input.caller ? "bind" : "login",
    uid: input.caller?.id ?? 0,
    aff: input.caller ? "" : input.aff,
    provider: input.provider,
  });
}
