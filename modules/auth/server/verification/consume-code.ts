import "server-only";

// Checks a one-time code (email verification, password reset) and marks it used, atomically:
// the conditional update succeeds for exactly one caller even under concurrent attempts.
import { createHash } from "node:crypto";
import { db, type Prisma } from "@/lib/server/db";

export function hashCode(code: string): string {
  return createHash("sha256").update(code.trim()).digest("hex");
}

export async function consumeCode(
  purpose: string,
  target: string,
  code: string,
  tx: Prisma.TransactionClient = db(),
): Promise<boolean> {
  if (!code.trim()) return false;
  const now = Math.floor(Date.now() / 1000);
  const res = await tx.verificationCode.updateMany({
    where: { purpose, target: target.toLowerCase(), codeHash: hashCode(code), usedAt: 0, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  return res.count > 0;
}
