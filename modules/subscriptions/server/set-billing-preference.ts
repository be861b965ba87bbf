import "server-only";

// PUT /api/subscription/self/preference {billing_preference}: which of plans and wallet pays first
// (new-api's subscription_first, wallet_first, subscription_only, wallet_only; anything else is
// subscription_first, as new-api normalises it). Stored in the user's setting JSON, in one
// transaction so that a concurrent setting write is not lost halfway.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { readSetting } from "@/modules/subscriptions/server/user-setting";
import { normalizePreference, type BillingPreference } from "@/modules/subscriptions/schemas";

export async function setBillingPreference(userId: number, value: string): Promise<BillingPreference> {
  const pref = normalizePreference(value);
  // Inside the ledger's queue: allowances of worker processes (the wallet's) on the user are taken back.
  await writeAfterFlush(
    () =>
      db().$transaction(async (tx) => {
        const row = await tx.user.findUnique({ where: { id: userId }, select: { setting: true } });
        if (!row) throw new AppError("not_found", "user_not_found");
        const next = { ...readSetting(row.setting), billing_preference: pref };
        await tx.user.update({ where: { id: userId }, data: { setting: JSON.stringify(next) } });
      }),
    { userIds: [userId] },
  );
  invalidateUser(userId);
  return pref;
}
