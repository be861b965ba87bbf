import "server-only";

// GET /api/reset_password?email: mails a reset link {ServerAddress}/user/reset?email=..&token=..
// when the address belongs to exactly one active account. The answer is the same whether or not
// it does: the SMTP and rate-limit checks run for every address, and the lookup, token and mail run
// after the answer, so neither the message nor the response time reveals who has an account.
import { randomBytes } from "node:crypto";
import type { Locale } from "@/lib/i18n/config";
import { USER_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { logger } from "@/lib/server/logger";
import { passwordResetMail } from "@/modules/auth/server/auth-mails";
import { sendMail } from "@/lib/server/mail/send-mail";
import { getOption } from "@/lib/server/options/store";
import { assertMailConfigured } from "@/modules/auth/server/verification/assert-mail-configured";
import { assertMailSendAllowed } from "@/modules/auth/server/verification/assert-mail-send-allowed";
import { normalizeEmail, PASSWORD_RESET_PURPOSE, RESET_TOKEN_TTL_SECONDS } from "@/modules/users/server";
import { storeCode } from "@/modules/auth/server/verification/store-code";

/** 24 random bytes: 32 URL-safe characters (192 bits); only its SHA-256 is stored. */
export function generateResetToken(): string {
  return randomBytes(24).toString("base64url");
}

export function resetLink(serverAddress: string, email: string, token: string): string {
  const base = serverAddress.trim().replace(/\/+$/, "");
  return `${base}/user/reset?${new URLSearchParams({ email, token }).toString()}`;
}

async function deliver(address: string, locale: Locale): Promise<void> {
  const owners = await db().$queryRaw<{ id: number; status: number }[]>`
    SELECT id, status FROM users WHERE LOWER(email) = ${address} AND "deletedAt" IS NULL LIMIT 2`;
  // several accounts on one address (rows older than the uniqueness rule): nobody gets a link
  if (owners.length !== 1 || Number(owners[0]!.status) !== USER_STATUS.enabled) return;
  const token = generateResetToken();
  await storeCode({
    purpose: PASSWORD_RESET_PURPOSE,
    target: address,
    code: token,
    ttlSeconds: RESET_TOKEN_TTL_SECONDS,
    payload: String(owners[0]!.id),
  });
  await sendMail(
    passwordResetMail(locale, {
      to: address,
      systemName: await getOption("SystemName"),
      link: resetLink(await getOption("ServerAddress"), address, token),
      minutes: RESET_TOKEN_TTL_SECONDS / 60,
    }),
  );
}

export async function requestPasswordReset(input: { email: string; ip: string; locale: Locale }): Promise<void> {
  const address = normalizeEmail(input.email);
  await assertMailConfigured();
  await assertMailSendAllowed("reset", input.ip, address);
  void deliver(address, input.locale).catch((err: Error) =>
    logger().warn({ err: err.message }, "password reset mail could not be sent"),
  );
}
