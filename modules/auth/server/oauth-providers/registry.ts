import "server-only";

// The OAuth providers by id (GET /api/oauth/{github|oidc|linuxdo}).
import { github } from "@/modules/auth/server/oauth-providers/github";
import { linuxdo } from "@/modules/auth/server/oauth-providers/linuxdo";
import { oidc } from "@/modules/auth/server/oauth-providers/oidc";
import type { OAuthProvider } from "@/modules/auth/server/oauth-providers/types";
import type { OAuthProviderId } from "@/modules/auth/oauth-providers";

const PROVIDERS: Record<OAuthProviderId, OAuthProvider> = { github, oidc, linuxdo };

export function oauthProvider(id: OAuthProviderId): OAuthProvider {
  return PROVIDERS[id];
}
