import "server-only";

// The one check of a second-factor code (sign-in step, disabling, secure verification): a TOTP code of
// the current step ±1 that is newer than the last one accepted (each code works once), or an unused
// backup code. Wrong codes are counted per account (5, then 300 s locked: new-api's numbers), over
// every route that checks one, so guessing cannot be spread over endpoints.
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume, reset } from "@/lib/server/http/rate-limit";
import { matchingStep } from "@/modules/security/server/two-factor/totp";
import { backupCodeMatches, normalizeBackupCode } from "@/modules/security/server/two-factor/backup-codes";

const limiterKey = (userId: number) => `id:${userId}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export async function assertNotLocked(userId: number): Promise<void> {
  const wait = await blockedFor("second_factor_failures", limiterKey(userId));
  if (wait > 0) throw new AppError("rate_limited", "twofa_locked", { seconds: wait });
}

export async function isLocked(userId: number): Promise<boolean> {
  return (await blockedFor("second_factor_failures", limiterKey(userId))) > 0;
}

/** Counts a wrong proof against the account and refuses with `key`. */
export async function refuseWrongProof(userId: number, key: "twofa_code_invalid" | "verify_password_wrong") {
  await consume("second_factor_failures", limiterKey(userId));
  return new AppError("bad_request", key);
}

export async function forgiveFailures(userId: number): Promise<void> {
  await reset("second_factor_failures", limiterKey(userId));
}

/** Digits of a TOTP code as typed (spaces allowed), or null. */
export function totpDigits(code: string): string | null {
  const clean = code.replace(/\s/g, "");
  return /^\d{6}$/.test(clean) ? clean : null;
}

/**
 * Accepts a TOTP code once: the step is recorded with a conditional update, so the same code (or
 * an older one) sent again, even concurrently, finds no row to update.
 */
export async function acceptTotp(userId: number, sealedSecret: string, digits: string, enable = false) {
  const step = matchingStep(open(sealedSecret), digits, nowSeconds());
  if (step === null) return false;
  const res = await db().twoFA.updateMany({
    where: { userId, lastUsedStep: { lt: BigInt(step) } },
    data: {
      lastUsedStep: BigInt(step),
      lastUsedAt: nowSeconds(),
      updatedAt: nowSeconds(),
      ...(enable ? { isEnabled: true } : {}),
    },
  });
  return res.count === 1;
}

async function acceptBackupCode(userId: number, code: string): Promise<boolean> {
  const normalized = normalizeBackupCode(code);
  if (!normalized) return false;
  const unused = await db().twoFABackupCode.findMany({
    where: { userId, isUsed: false },
    select: { id: true, codeHash: true },
    take: 64,
  });
  for (const row of unused) {
    if (!(await backupCodeMatches(normalized, row.codeHash))) continue;
    const res = await db().twoFABackupCode.updateMany({
      where: { id: row.id, isUsed: false },
      data: { isUsed: true, usedAt: nowSeconds() },
    });
    return res.count === 1;
  }
  return false;
}

/**
 * Checks a code of a user with two-factor enabled: TOTP, or (unless totpOnly) a backup code.
 * Refuses with 429 while locked, 400 on a wrong, replayed or malformed code.
 */
export async function checkSecondFactor(
  userId: number,
  code: string,
  options: { totpOnly?: boolean } = {},
): Promise<"totp" | "backup"> {
  await assertNotLocked(userId);
  const row = await db().twoFA.findUnique({ where: { userId }, select: { secret: true, isEnabled: true } });
  if (!row?.isEnabled) throw new AppError("bad_request", "twofa_not_enabled");
  const digits = totpDigits(code);
  if (digits && (await acceptTotp(userId, row.secret, digits))) {
    await forgiveFailures(userId);
    return "totp";
  }
  if (!digits && !options.totpOnly && (await acceptBackupCode(userId, code))) {
    await forgiveFailures(userId);
    return "backup";
  }
  throw await refuseWrongProof(userId, "twofa_code_invalid");
}

export async function hasTwoFactor(userId: number): Promise<boolean> {
  const row = await db().twoFA.findUnique({ where: { userId }, select: { isEnabled: true } });
  return Boolean(row?.isEnabled);
}
