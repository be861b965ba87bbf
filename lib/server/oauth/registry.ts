// The OAuth providers by id (GET /api/oauth/{github|oidc|linuxdo}).
import { github } from "@/lib/server/oauth/github";
import { linuxdo } from "@/lib/server/oauth/linuxdo";
import { oidc } from "@/lib/server/oauth/oidc";
import type { OAuthProvider } from "@/lib/server/oauth/types";
import type { OAuthProviderId } from "@/lib/oauth/providers";

const PROVIDERS: Record<OAuthProviderId, OAuthProvider> = { github, oidc, linuxdo };

export function oauthProvider(id: OAuthProviderId): OAuthProvider {
  return PROVIDERS[id];
}
