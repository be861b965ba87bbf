import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { updateSelfSchema } from "@/modules/users/schemas/account";
import { getUserOrThrow } from "@/modules/profile/server/get-user-or-throw";
import { updateSelf } from "@/modules/profile/server/update-self";
import { deleteSelf } from "@/modules/profile/server/delete-self";
import { mintSessionToken, sessionClearCookie, sessionSetCookie } from "@/lib/server/auth/session";

// GET /api/user/self – the caller's own account
export const GET = route({ role: "user" }, ({ user }) => getUserOrThrow(user.id));

// PUT /api/user/self – update display name or password (password change re-issues the session)
export const PUT = route({ role: "user", body: updateSelfSchema }, async ({ user, body, ip, t }) => {
  const result = await updateSelf(user.id, body, ip);
  const res = envelope(null, t("update_success"));
  if (result.passwordChanged && user.via === "session") {
    const token = await mintSessionToken({ uid: user.id, v: result.authVersion, username: user.username });
    res.headers.append("Set-Cookie", sessionSetCookie(token));
  }
  return res;
});

// DELETE /api/user/self – delete the caller's account (soft delete)
export const DELETE = route({ role: "user" }, async ({ user, t }) => {
  await deleteSelf(user.id);
  const res = envelope(null, t("account_deleted"));
  res.headers.append("Set-Cookie", sessionClearCookie());
  return res;
});

export type GetUserSelfAnswer = RouteAnswer<typeof GET>;
export type PutUserSelfAnswer = RouteAnswer<typeof PUT>;
export type DeleteUserSelfAnswer = RouteAnswer<typeof DELETE>;
