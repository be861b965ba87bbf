// GET /api/oauth/state – a single-use state for an OAuth round trip (optional aff); public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { oauthStateQuerySchema } from "@/modules/auth/schemas/oauth";
import { browserSetCookie, newBrowserKey, readBrowserKey } from "@/modules/auth/server/oauth-providers/state";
import { createOAuthState } from "@/modules/auth/server/oauth/create-oauth-state";

export const GET = route(
  { role: "public", critical: true, query: oauthStateQuerySchema },
  async ({ req, query, user }) => {
    const browserKey = readBrowserKey(req.headers) ?? newBrowserKey();
    const state = await createOAuthState({ caller: user, browserKey, aff: query.aff, provider: query.provider });
    const res = envelope(state);
    res.headers.append("Set-Cookie", browserSetCookie(browserKey));
    res.headers.set("Cache-Control", "no-store");
    return res;
  },
);

export type GetOauthStateAnswer = RouteAnswer<typeof GET>;
