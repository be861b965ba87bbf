import "server-only";

// LinuxDO Connect sign-in: the code is exchanged at connect.linux.do/oauth2/token (client
// credentials in Basic auth), the account read from /api/user. Accounts below the site's
// LinuxDOMinimumTrustLevel (0–4) may not register or bind.
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption, getNumberOption, getOption } from "@/lib/server/options/store";
import { field, fetchProviderJson, FORM_HEADERS, formBody } from "@/lib/server/http/fetch-provider-json";
import { basicAuth } from "@/modules/auth/server/oauth-providers/basic-auth";
import { testBaseUrl } from "@/modules/auth/server/oauth-providers/test-base-url";
import { reach, type OAuthProfile, type OAuthProvider } from "@/modules/auth/server/oauth-providers/types";
import { OAUTH_PROVIDER_LABEL } from "@/modules/auth/oauth-providers";

const label = OAUTH_PROVIDER_LABEL.linuxdo;

function endpoints() {
  const base = testBaseUrl("OAUTH_TEST_LINUXDO_BASE_URL") ?? "https://connect.linux.do";
  return { token: `${base}/oauth2/token`, user: `${base}/api/user` };
}

async function fetchProfile(code: string, redirectUri: string): Promise<OAuthProfile> {
  const urls = endpoints();
  return reach(label, async () => {
    const token = await fetchProviderJson(urls.token, {
      method: "POST",
      headers: {
        ...FORM_HEADERS,
        Authorization: basicAuth(await getOption("LinuxDOClientId"), await getOption("LinuxDOClientSecret")),
      },
      body: formBody({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),
    });
    const accessToken = field(token.json, "access_token");
    if (!token.ok || !accessToken) throw new AppError("bad_request", "oauth_token_failed", { provider: label });

    const user = await fetchProviderJson(urls.user, { headers: { Authorization: `Bearer ${accessToken}` } });
    const id = field(user.json, "id");
    if (!user.ok || !id || id === "0") {
      throw new AppError("bad_request", "oauth_user_info_empty", { provider: label });
    }
    const trust = Number(user.json?.trust_level);
    return {
      id,
      username: field(user.json, "username"),
      displayName: field(user.json, "name") || field(user.json, "username"),
      email: "",
      trustLevel: Number.isInteger(trust) ? trust : 0,
    };
  });
}

async function admit(profile: OAuthProfile): Promise<void> {
  const minimum = await getNumberOption("LinuxDOMinimumTrustLevel", 0);
  if ((profile.trustLevel ?? 0) < minimum) throw new AppError("forbidden", "oauth_trust_level_low");
}

export const linuxdo: OAuthProvider = {
  id: "linuxdo",
  label,
  usernamePrefix: "linuxdo_",
  userField: "linuxDoId",
  isEnabled: () => getBoolOption("LinuxDOOAuthEnabled"),
  fetchProfile,
  admit,
};
