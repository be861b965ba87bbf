import "server-only";

// Backup codes of two-factor sign-in, as new-api makes them: XXXX-XXXX of A-Z0-9, shown once.
// Stored as an HMAC under CRYPTO_SECRET (a stolen table alone cannot be searched for the 41 bits of
// a code); an imported new-api row keeps its bcrypt hash and is checked with bcrypt.
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { verifyPassword } from "@/lib/server/auth/password";

export const BACKUP_CODE_COUNT = 8;
const CHARSET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const HASH_PREFIX = "h1:";

export function newBackupCodes(): string[] {
  return Array.from({ length: BACKUP_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => CHARSET[randomInt(CHARSET.length)]).join("");
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** XXXX-XXXX from what a user typed (case, dashes and spaces ignored), or null when it cannot be one. */
export function normalizeBackupCode(input: string): string | null {
  const clean = input.replace(/[\s-]/g, "").toUpperCase();
  if (!/^[A-Z0-9]{8}$/.test(clean)) return null;
  return `${clean.slice(0, 4)}-${clean.slice(4)}`;
}

export function hashBackupCode(normalized: string): string {
  const mac = createHmac("sha256", `gateway-backup-code:${env().CRYPTO_SECRET}`).update(normalized).digest("hex");
  return HASH_PREFIX + mac;
}

export async function backupCodeMatches(normalized: string, stored: string): Promise<boolean> {
  if (stored.startsWith(HASH_PREFIX)) {
    const a = Buffer.from(hashBackupCode(normalized));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  if (/^\$2[aby]\$/.test(stored)) return verifyPassword(normalized, stored);
  return false;
}
