import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { sessionClearCookie } from "@/lib/server/auth/session";
import { endSession } from "@/lib/server/auth/session-store";

// GET /api/user/logout – ends the session (its row) and clears the cookie (safe to call when logged out)
export const GET = route({ role: "public", changesState: true }, async ({ user, t }) => {
  if (user?.sessionId) await endSession(user.id, user.sessionId);
  const res = envelope(null, t("logout_success"));
  res.headers.append("Set-Cookie", sessionClearCookie());
  return res;
});

export type GetUserLogoutAnswer = RouteAnswer<typeof GET>;
