import "server-only";

// POST /api/user/passkey/register/begin and /finish (new-api's routes: data {options: {publicKey}},
// then the credential JSON as the body). With two-factor or a passkey already set up, adding one
// needs a fresh secure verification. The challenge travels in a single-use ticket.
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { issueTicket, peekTicket, takeTicket } from "@/modules/security/server/one-time-ticket";
import { relyingParty, userHandleOf } from "@/modules/security/server/passkeys/relying-party";
import {
  requireFreshVerification,
  verificationMethods,
} from "@/modules/security/server/verification/secure-verification";

const CHALLENGE_TTL_SECONDS = 300;
const MAX_PASSKEYS = 10;

type Pending = { uid: number; challenge: string };

async function requireProofToAdd(user: CurrentUser) {
  const methods = await verificationMethods(user.id);
  if (methods.two_fa || methods.passkey) await requireFreshVerification(user);
}

export async function beginPasskeyRegistration(user: CurrentUser) {
  await requireProofToAdd(user);
  const existing = await db().passkeyCredential.findMany({
    where: { userId: user.id },
    select: { credentialId: true },
  });
  if (existing.length >= MAX_PASSKEYS) throw new AppError("bad_request", "passkey_too_many");
  const rp = await relyingParty();
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    userID: userHandleOf(user.id),
    attestationType: "none",
    excludeCredentials: existing.map((c) => ({ id: c.credentialId })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  const cookie = await issueTicket(
    "webauthn_register",
    { uid: user.id, challenge: options.challenge },
    CHALLENGE_TTL_SECONDS,
  );
  return { options: { publicKey: options }, cookie };
}

export async function finishPasskeyRegistration(
  user: CurrentUser,
  headers: Headers,
  response: RegistrationResponseJSON,
) {
  await requireProofToAdd(user);
  const pending = await peekTicket<Pending>("webauthn_register", headers);
  if (!pending || pending.uid !== user.id || !(await takeTicket("webauthn_register", headers))) {
    throw new AppError("bad_request", "passkey_flow_expired");
  }
  const rp = await relyingParty();
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: pending.challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw new AppError("bad_request", "passkey_verify_failed");
  const info = result.registrationInfo;
  const taken = await db().passkeyCredential.findUnique({
    where: { credentialId: info.credential.id },
    select: { id: true },
  });
  if (taken) throw new AppError("conflict", "passkey_already_registered");
  await db().passkeyCredential.create({
    data: {
      userId: user.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
      attestationType: info.fmt,
      aaguid: info.aaguid,
      signCount: BigInt(info.credential.counter),
      backupEligible: info.credentialDeviceType === "multiDevice",
      backupState: info.credentialBackedUp,
      transports: JSON.stringify(info.credential.transports ?? []),
      createdAt: Math.floor(Date.now() / 1000),
    },
  });
  await recordLog({ type: LOG_TYPE.system, userId: user.id, username: user.username, content: "注册了 Passkey" });
}
