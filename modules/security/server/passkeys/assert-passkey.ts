import "server-only";

// Passkey assertions: sign-in without a name (POST /api/user/passkey/login/begin, /finish: a
// discoverable credential names its user) and the proof of a signed-in user for secure verification
// (POST /api/user/passkey/verify/begin, /finish, then POST /api/verify {method: "passkey"}).
// Refused with a 400, nothing stored: another origin or RP ID, a used or unknown challenge, a
// signature counter that does not grow, a credential of another user.
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { USER_STATUS } from "@/lib/constants";
import { authUserSelect } from "@/lib/server/auth/current-user";
import { issueTicket, peekTicket, takeTicket, type TicketPurpose } from "@/modules/security/server/one-time-ticket";
import { relyingParty } from "@/modules/security/server/passkeys/relying-party";
import { credentialOf, recordUse } from "@/modules/security/server/passkeys/passkey-rows";

const CHALLENGE_TTL_SECONDS = 300;
type Pending = { uid: number; challenge: string };
type Purpose = Extract<TicketPurpose, "webauthn_login" | "webauthn_verify">;

/** Options for an assertion: any discoverable credential (sign-in), or the user's own (verification). */
export async function beginAssertion(purpose: Purpose, userId = 0) {
  const rp = await relyingParty();
  const own = userId
    ? await db().passkeyCredential.findMany({ where: { userId }, select: { credentialId: true, transports: true } })
    : [];
  if (userId && own.length === 0) throw new AppError("bad_request", "passkey_not_registered");
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: "preferred",
    allowCredentials: own.map((c) => ({ id: c.credentialId })),
  });
  const cookie = await issueTicket(
    purpose,
    { uid: userId, challenge: options.challenge } satisfies Pending,
    CHALLENGE_TTL_SECONDS,
  );
  return { options: { publicKey: options }, cookie };
}

/** Checks an assertion against its ticket; answers the user it signs in (enabled, not deleted). */
export async function finishAssertion(
  purpose: Purpose,
  headers: Headers,
  response: AuthenticationResponseJSON,
  userId = 0,
) {
  const pending = await peekTicket<Pending>(purpose, headers);
  if (!pending || pending.uid !== userId || !(await takeTicket(purpose, headers))) {
    throw new AppError("bad_request", "passkey_flow_expired");
  }
  const row = await db().passkeyCredential.findUnique({ where: { credentialId: response.id } });
  if (!row || (userId && row.userId !== userId)) throw new AppError("bad_request", "passkey_verify_failed");
  const handle = response.response.userHandle;
  if (handle && Buffer.from(handle, "base64url").toString() !== String(row.userId)) {
    throw new AppError("bad_request", "passkey_verify_failed");
  }
  const rp = await relyingParty();
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    credential: credentialOf(row),
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified || !(await recordUse(row, result.authenticationInfo.newCounter))) {
    throw new AppError("bad_request", "passkey_verify_failed");
  }
  const user = await db().user.findUnique({ where: { id: row.userId }, select: authUserSelect });
  if (!user || user.deletedAt || user.status !== USER_STATUS.enabled)
    throw new AppError("bad_request", "passkey_verify_failed");
  const { deletedAt: _deletedAt, ...rest } = user;
  return rest;
}

/** A verified assertion of the signed-in user marks the session ready for POST /api/verify {method: "passkey"}. */
export async function markPasskeyReady(sessionId: string): Promise<void> {
  await db().userSession.updateMany({
    where: { id: sessionId },
    data: { passkeyReadyAt: Math.floor(Date.now() / 1000) },
  });
}
