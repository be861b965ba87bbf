import "server-only";

// GET /api/oauth/email/bind?email&code: binds (or changes) the signed-in user's address after the
// code mailed to it is checked. The uniqueness check, the code and the write share one transaction
// (see assert-email-available.ts), so two accounts racing for one address cannot both get it.
import { db } from "@/lib/server/db";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { assertEmailAvailable } from "@/modules/users/server";
import { normalizeEmail } from "@/modules/users/server";
import { verifyEmailCode } from "@/modules/auth/server/verification/verify-email-code";

export async function bindEmail(userId: number, input: { email: string; code: string }): Promise<void> {
  const address = normalizeEmail(input.email);
  await db().$transaction(async (tx) => {
    await assertEmailAvailable(tx, address, userId);
    await verifyEmailCode(address, input.code, tx);
    await tx.user.update({ where: { id: userId }, data: { email: address } });
  });
  // the relay caches the user row (quota warnings mail the account address)
  invalidateUser(userId);
}
