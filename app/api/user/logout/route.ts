import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { sessionClearCookie } from "@/lib/server/auth/session";

// GET /api/user/logout – clears the session cookie (safe to call when logged out)
export const GET = route({ role: "public", changesState: true }, ({ t }) => {
  const res = envelope(null, t("logout_success"));
  res.headers.append("Set-Cookie", sessionClearCookie());
  return res;
});

export type GetUserLogoutAnswer = RouteAnswer<typeof GET>;
