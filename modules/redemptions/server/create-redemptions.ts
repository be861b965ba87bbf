import "server-only";

// POST /api/redemption/: up to 100 codes in one batch, returns their keys (data: [keys]). Keys are
// 32 hex characters from crypto randomness (randomUUID without dashes, as new-api), or the admin's
// own key for a single code. An empty name becomes the formatted quota.
import { randomUUID } from "node:crypto";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption, getNumberOption } from "@/lib/server/options/store";
import { formatQuota } from "@/lib/format";
import type { CreateRedemptionInput } from "@/modules/redemptions/schemas";

export function generateRedemptionKey(): string {
  return randomUUID().replaceAll("-", "");
}

export async function createRedemptions(creatorId: number, input: CreateRedemptionInput): Promise<string[]> {
  const name =
    input.name ||
    formatQuota(input.quota, {
      inCurrency: await getBoolOption("DisplayInCurrencyEnabled"),
      quotaPerUnit: await getNumberOption("QuotaPerUnit", 500000),
    });
  const keys = input.key ? [input.key] : Array.from({ length: input.count }, generateRedemptionKey);
  const now = Math.floor(Date.now() / 1000);
  try {
    await db().redemption.createMany({
      data: keys.map((key) => ({
        userId: creatorId,
        key,
        name,
        quota: BigInt(input.quota),
        createdTime: now,
        isGift: input.is_gift,
        maxUses: input.max_uses,
        validFrom: BigInt(input.valid_from),
        validUntil: BigInt(input.valid_until),
      })),
    });
  } catch (err) {
    if ((err as { code?: string } | null)?.code === "P2002") throw new AppError("conflict", "redemption_key_taken");
    throw err;
  }
  return keys;
}
