import "server-only";

// GET /api/verification: mails a 6-digit code for registering or binding an address.
// Order matters: format and site rules (no I/O), SMTP configured, send
// limits, then "already used by another account" (so that check cannot be used to enumerate
// addresses quickly), then the code is stored hashed (latest wins, 3 minutes) and mailed.
import { randomInt } from "node:crypto";
import type { Locale } from "@/lib/i18n/config";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { verificationCodeMail } from "@/modules/auth/server/auth-mails";
import { sendMail } from "@/lib/server/mail/send-mail";
import { getBoolOption, getOption } from "@/lib/server/options/store";
import { assertMailConfigured } from "@/modules/auth/server/verification/assert-mail-configured";
import { assertMailSendAllowed } from "@/modules/auth/server/verification/assert-mail-send-allowed";
import { findEmailOwner } from "@/modules/users/server";
import {
  EMAIL_CODE_TTL_SECONDS,
  EMAIL_VERIFY_PURPOSE,
  hasAliasSymbols,
  isDomainAllowed,
  normalizeEmail,
  parseDomainWhitelist,
} from "@/modules/users/server";
import { storeCode } from "@/modules/auth/server/verification/store-code";

export function generateEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

export async function sendVerificationCode(input: {
  email: string;
  ip: string;
  locale: Locale;
  /** The signed-in caller (binding): their own current address is not "taken". */
  userId?: number;
}): Promise<void> {
  const address = normalizeEmail(input.email);
  if (
    (await getBoolOption("EmailDomainRestrictionEnabled")) &&
    !isDomainAllowed(address, parseDomainWhitelist(await getOption("EmailDomainWhitelist")))
  ) {
    throw new AppError("bad_request", "mail_domain_not_allowed");
  }
  if ((await getBoolOption("EmailAliasRestrictionEnabled")) && hasAliasSymbols(address)) {
    throw new AppError("bad_request", "mail_alias_not_allowed");
  }
  await assertMailConfigured();
  await assertMailSendAllowed("code", input.ip, address);
  if ((await findEmailOwner(db(), address, input.userId ?? 0)) !== null) {
    throw new AppError("conflict", "email_taken");
  }

  const code = generateEmailCode();
  await storeCode({ purpose: EMAIL_VERIFY_PURPOSE, target: address, code, ttlSeconds: EMAIL_CODE_TTL_SECONDS });
  const mail = verificationCodeMail(input.locale, {
    to: address,
    systemName: await getOption("SystemName"),
    code,
    minutes: EMAIL_CODE_TTL_SECONDS / 60,
  });
  try {
    await sendMail(mail);
  } catch (err) {
    logger().warn({ err: (err as Error).message }, "verification mail could not be sent");
    await db().verificationCode.deleteMany({ where: { purpose: EMAIL_VERIFY_PURPOSE, target: address, usedAt: 0 } });
    // 400, not 500: the console shows a 500 as a generic server error, hiding this actionable message
    throw new AppError("bad_request", "mail_send_failed");
  }
}
