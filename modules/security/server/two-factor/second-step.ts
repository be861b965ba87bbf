import "server-only";

// Sign-in with two-factor, as new-api: the password step of a user with two-factor enabled answers
// {require_2fa: true} and issues no session, only a 5-minute ticket (HttpOnly cookie, one per
// sign-in); POST /api/user/login/2fa {code} with that ticket checks the code (TOTP or backup code,
// counted per account) and only then is a session opened.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { USER_STATUS } from "@/lib/constants";
import { authUserSelect, type AuthUser } from "@/lib/server/auth/current-user";
import { checkSecondFactor, hasTwoFactor } from "@/modules/security/server/two-factor/check-second-factor";
import { issueTicket, peekTicket, takeTicket } from "@/modules/security/server/one-time-ticket";

const SECOND_STEP_TTL_SECONDS = 300;

type PendingLogin = { uid: number; v: number };

/** For a user with two-factor: the Set-Cookie of the pending sign-in; null when none is needed. */
export async function beginSecondStep(user: { id: number; authVersion: number }): Promise<string | null> {
  if (!(await hasTwoFactor(user.id))) return null;
  return issueTicket(
    "login_2fa",
    { uid: user.id, v: user.authVersion } satisfies PendingLogin,
    SECOND_STEP_TTL_SECONDS,
  );
}

/** The pending sign-in's user, still enabled and with the same authVersion, or a 400 "start again". */
export async function pendingSignIn(headers: Headers): Promise<Omit<AuthUser, "deletedAt">> {
  const pending = await peekTicket<PendingLogin>("login_2fa", headers);
  if (!pending) throw new AppError("bad_request", "twofa_login_expired");
  const user = await db().user.findUnique({ where: { id: pending.uid }, select: authUserSelect });
  if (!user || user.deletedAt || user.status !== USER_STATUS.enabled || user.authVersion !== pending.v) {
    throw new AppError("bad_request", "twofa_login_expired");
  }
  const { deletedAt: _deletedAt, ...rest } = user;
  return rest;
}

/** Checks the code of the pending sign-in and uses the ticket up; answers the user to sign in. */
export async function finishSecondStep(headers: Headers, code: string) {
  const user = await pendingSignIn(headers);
  await checkSecondFactor(user.id, code);
  if (!(await takeTicket("login_2fa", headers))) throw new AppError("bad_request", "twofa_login_expired");
  await db().user.update({ where: { id: user.id }, data: { lastLoginAt: Math.floor(Date.now() / 1000) } });
  return user;
}
