import "server-only";

// Secure verification (new-api's POST /api/verify, GET /api/verify/status and its
// SecureVerificationRequired middleware): a fresh proof, valid 5 minutes for the session that gave
// it, before the most sensitive actions (a channel key read back, changing the e-mail or the
// password, a new access token, deleting a passkey). The proof is a TOTP or backup code, a passkey
// assertion (/api/user/passkey/verify/*), or, for an account with neither, its password again.
// It belongs to the session row, so an access-token caller (no session) can never present one.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { verifyPassword } from "@/lib/server/auth/password";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import {
  assertNotLocked,
  checkSecondFactor,
  forgiveFailures,
  hasTwoFactor,
  refuseWrongProof,
} from "@/modules/security/server/two-factor/check-second-factor";
import type { VerifyInput } from "@/modules/security/schemas";

export const VERIFICATION_TTL_SECONDS = 300;
/** A passkey assertion must be turned into a verification within a minute (new-api's PasskeyReadyTimeout). */
const PASSKEY_READY_SECONDS = 60;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const METHOD_TEXT = { "2fa": "2FA", passkey: "Passkey", password: "Password" } as const;

function sessionOf(user: CurrentUser): string {
  if (!user.sessionId) throw new AppError("unauthorized", "verify_session_required");
  return user.sessionId;
}

/** Which proofs the account can give: passkey and two-factor when set up, else the password. */
export async function verificationMethods(userId: number) {
  const [twoFactor, passkeys] = await Promise.all([
    hasTwoFactor(userId),
    db().passkeyCredential.count({ where: { userId } }),
  ]);
  return { two_fa: twoFactor, passkey: passkeys > 0, password: !twoFactor && passkeys === 0 };
}

export async function secureVerify(user: CurrentUser, input: VerifyInput) {
  const sessionId = sessionOf(user);
  const methods = await verificationMethods(user.id);
  const t = nowSeconds();
  if (input.method === "2fa") {
    if (!methods.two_fa) throw new AppError("bad_request", "twofa_not_enabled");
    await checkSecondFactor(user.id, input.code ?? "");
  } else if (input.method === "passkey") {
    if (!methods.passkey) throw new AppError("bad_request", "passkey_not_registered");
    const res = await db().userSession.updateMany({
      where: { id: sessionId, passkeyReadyAt: { gt: t - PASSKEY_READY_SECONDS } },
      data: { passkeyReadyAt: 0 },
    });
    if (res.count !== 1) throw new AppError("bad_request", "passkey_verify_first");
  } else {
    if (!methods.password) throw new AppError("bad_request", "verify_password_not_allowed");
    await assertNotLocked(user.id);
    const row = await db().user.findUnique({ where: { id: user.id }, select: { password: true } });
    if (!row?.password || !(await verifyPassword(input.password ?? "", row.password))) {
      throw await refuseWrongProof(user.id, "verify_password_wrong");
    }
    await forgiveFailures(user.id);
  }
  await db().userSession.updateMany({
    where: { id: sessionId },
    data: { verifiedAt: t, verifiedMethod: input.method },
  });
  await recordLog({
    type: LOG_TYPE.system,
    userId: user.id,
    username: user.username,
    content: `通用安全验证成功 (验证方式: ${METHOD_TEXT[input.method]})`,
  });
  return { verified: true, expires_at: t + VERIFICATION_TTL_SECONDS };
}

async function verifiedAtOf(user: CurrentUser): Promise<number> {
  if (!user.sessionId) return 0;
  const row = await db().userSession.findUnique({ where: { id: user.sessionId }, select: { verifiedAt: true } });
  return row?.verifiedAt ?? 0;
}

export async function verificationStatus(user: CurrentUser) {
  const at = await verifiedAtOf(user);
  const live = at > 0 && nowSeconds() - at < VERIFICATION_TTL_SECONDS;
  return {
    verified: live,
    ...(live ? { expires_at: at + VERIFICATION_TTL_SECONDS } : {}),
    methods: await verificationMethods(user.id),
  };
}

/** The guard of a sensitive action: 403 with new-api's code unless this session verified in the last 5 minutes. */
export async function requireFreshVerification(user: CurrentUser): Promise<void> {
  const at = await verifiedAtOf(user);
  if (at === 0) throw new AppError("forbidden", "verify_required", {}, { code: "VERIFICATION_REQUIRED" });
  if (nowSeconds() - at >= VERIFICATION_TTL_SECONDS) {
    throw new AppError("forbidden", "verify_expired", {}, { code: "VERIFICATION_EXPIRED" });
  }
}

/**
 * The guard of changing the e-mail or the password and of a new access token: a fresh verification,
 * except for an account with neither two-factor nor a passkey when the action itself checks its
 * current password (a password change), or when it has no password at all (signed up through OAuth:
 * nothing stronger than its session exists to ask for).
 */
export async function requireSensitiveProof(user: CurrentUser, options: { passwordChecked?: boolean } = {}) {
  if ((await verificationMethods(user.id)).password) {
    if (options.passwordChecked) return;
    const row = await db().user.findUnique({ where: { id: user.id }, select: { password: true } });
    if (!row?.password) return;
  }
  await requireFreshVerification(user);
}
