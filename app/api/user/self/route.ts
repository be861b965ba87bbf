import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { updateSelfSchema } from "@/modules/users/schemas/account";
import { getUserOrThrow } from "@/modules/profile/server/get-user-or-throw";
import { updateSelf } from "@/modules/profile/server/update-self";
import { deleteSelf } from "@/modules/profile/server/delete-self";
import { mintSessionToken, sessionClearCookie, sessionMetaOf, sessionSetCookie } from "@/lib/server/auth/session";
import { requireSensitiveProof } from "@/modules/security/server";

// GET /api/user/self – the caller's own account
export const GET = route({ role: "user" }, ({ user }) => getUserOrThrow(user.id));

// PUT /api/user/self – update display name or password (a password change needs a secure verification
// or, without 2FA or passkey, the current password; it ends every other session and re-issues this one)
export const PUT = route({ role: "user", body: updateSelfSchema }, async ({ req, user, body, ip, t }) => {
  // updateSelf checks the current password: the proof of an account without 2FA or passkey
  if (body.password) await requireSensitiveProof(user, { passwordChecked: true });
  const result = await updateSelf(user.id, body, ip);
  const res = envelope(null, t("update_success"));
  if (result.passwordChanged && user.via === "session") {
    const token = await mintSessionToken(
      { uid: user.id, v: result.authVersion, username: user.username },
      sessionMetaOf(req.headers, ip, "password"),
    );
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
