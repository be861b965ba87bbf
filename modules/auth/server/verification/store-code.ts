import "server-only";

// Stores a one-time code (hashed) for a purpose and address. The latest code wins: earlier unused
// codes of the same purpose and address are dropped, so only the newest mail works. Long-expired
// rows are swept here too, so the table stays small without a background job.
import { db, type Prisma } from "@/lib/server/db";
import { hashCode } from "@/modules/auth/server/verification/consume-code";

const SWEEP_AFTER_SECONDS = 24 * 3600;

export async function storeCode(
  input: { purpose: string; target: string; code: string; ttlSeconds: number; payload?: string },
  tx: Prisma.TransactionClient = db(),
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const target = input.target.toLowerCase();
  await tx.verificationCode.deleteMany({
    where: {
      OR: [{ purpose: input.purpose, target, usedAt: 0 }, { expiresAt: { lt: now - SWEEP_AFTER_SECONDS } }],
    },
  });
  await tx.verificationCode.create({
    data: {
      purpose: input.purpose,
      target,
      codeHash: hashCode(input.code),
      payload: input.payload ?? "",
      expiresAt: now + input.ttlSeconds,
      createdAt: now,
    },
  });
}
