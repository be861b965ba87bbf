import "server-only";

// GitHub OAuth app sign-in: the code is exchanged at github.com/login/oauth/access_token, the
// account read from api.github.com/user. The numeric account id is the binding (a login name can
// be renamed and then taken by someone else).
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption, getOption } from "@/lib/server/options/store";
import { field, fetchProviderJson, FORM_HEADERS, formBody } from "@/lib/server/http/fetch-provider-json";
import { testBaseUrl } from "@/modules/auth/server/oauth-providers/test-base-url";
import { reach, type OAuthProfile, type OAuthProvider } from "@/modules/auth/server/oauth-providers/types";
import { OAUTH_PROVIDER_LABEL } from "@/modules/auth/oauth-providers";

const label = OAUTH_PROVIDER_LABEL.github;

function endpoints() {
  const base = testBaseUrl("OAUTH_TEST_GITHUB_BASE_URL");
  return {
    token: `${base ?? "https://github.com"}/login/oauth/access_token`,
    user: `${base ?? "https://api.github.com"}/user`,
  };
}

async function fetchProfile(code: string, redirectUri: string): Promise<OAuthProfile> {
  const urls = endpoints();
  return reach(label, async () => {
    const token = await fetchProviderJson(urls.token, {
      method: "POST",
      headers: FORM_HEADERS,
      body: formBody({
        client_id: await getOption("GitHubClientId"),
        client_secret: await getOption("GitHubClientSecret"),
        code,
        redirect_uri: redirectUri,
      }),
    });
    const accessToken = field(token.json, "access_token");
    if (!token.ok || !accessToken) throw new AppError("bad_request", "oauth_token_failed", { provider: label });

    const user = await fetchProviderJson(urls.user, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/vnd.github+json" },
    });
    const id = field(user.json, "id");
    if (!user.ok || !id) throw new AppError("bad_request", "oauth_user_info_empty", { provider: label });
    return {
      id,
      username: field(user.json, "login"),
      displayName: field(user.json, "name") || field(user.json, "login"),
      email: field(user.json, "email"),
    };
  });
}

export const github: OAuthProvider = {
  id: "github",
  label,
  usernamePrefix: "github_",
  userField: "githubId",
  isEnabled: () => getBoolOption("GitHubOAuthEnabled"),
  fetchProfile,
};
