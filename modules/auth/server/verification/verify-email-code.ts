import "server-only";

// Checks and consumes the e-mailed code of an address (register, bind). Wrong codes are counted per
// address: after MAIL_CODE_FAILURES the address is locked for the window, so a 6-digit code cannot
// be guessed within its 3-minute life even from many client addresses.
import { db, type Prisma } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { blockedFor, consume, reset } from "@/lib/server/http/rate-limit";
import { consumeCode } from "@/modules/auth/server/verification/consume-code";
import { EMAIL_VERIFY_PURPOSE, normalizeEmail } from "@/modules/users/server";

export async function verifyEmailCode(email: string, code: string, tx: Prisma.TransactionClient = db()): Promise<void> {
  const address = normalizeEmail(email);
  const wait = await blockedFor("mail_code_failures", address);
  if (wait > 0) throw new AppError("rate_limited", "mail_code_attempts_exceeded", { seconds: wait });
  if (!(await consumeCode(EMAIL_VERIFY_PURPOSE, address, code, tx))) {
    await consume("mail_code_failures", address);
    throw new AppError("bad_request", "verification_code_invalid");
  }
  await reset("mail_code_failures", address);
}
