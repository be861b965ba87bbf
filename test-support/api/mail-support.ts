// Shared steps of the e-mail tests (verification codes, binding, password reset): a real loopback
// SMTP server configured through the SMTP* options, and readers for the codes and links it received.
import { decodeMimeParts, startSmtpServer, type ReceivedMail } from "../smtp-server";
import { db } from "@/lib/server/db";
import { hashCode } from "@/modules/auth/server/verification/consume-code";
import { setOptions, setupRoot } from "./harness";

export const SYSTEM_NAME = "Mail Test";
export const SERVER_ADDRESS = "https://gw.example.test";

export async function startConfiguredSmtp() {
  const smtp = await startSmtpServer("mailer", "mail-secret");
  await setOptions({
    SMTPServer: "127.0.0.1",
    SMTPPort: String(smtp.port),
    SMTPAccount: "mailer",
    SMTPToken: "mail-secret",
    SMTPFrom: "noreply@example.test",
    SystemName: SYSTEM_NAME,
    ServerAddress: SERVER_ADDRESS,
  });
  return smtp;
}

/** For a test file: root set up and the configured SMTP server started before its tests, stopped after. */
export function setupMailTest(): { readonly mails: ReceivedMail[] } {
  let smtp: Awaited<ReturnType<typeof startConfiguredSmtp>> | undefined;
  beforeAll(async () => {
    await setupRoot();
    smtp = await startConfiguredSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return {
    get mails() {
      return smtp!.mails;
    },
  };
}

export function mailsTo(mails: ReceivedMail[], address: string): ReceivedMail[] {
  return mails.filter((m) => m.to.includes(address));
}

/** Waits until `count` mails went to the address (reset mails are sent after the answer). */
export async function waitForMails(mails: ReceivedMail[], address: string, count = 1): Promise<ReceivedMail[]> {
  for (let i = 0; i < 100 && mailsTo(mails, address).length < count; i++) await new Promise((r) => setTimeout(r, 50));
  const got = mailsTo(mails, address);
  if (got.length < count) throw new Error(`expected ${count} mail(s) to ${address}, got ${got.length}`);
  return got;
}

export function subjectOf(mail: ReceivedMail): string {
  const raw = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.data)?.[1] ?? "";
  // RFC 2047 encoded words (non-ASCII subjects)
  return raw.replace(/\r?\n[ \t]/g, "").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** The 6-digit code of the latest mail to the address. */
export function latestCode(mails: ReceivedMail[], address: string): string {
  const mine = mailsTo(mails, address);
  const body = decodeMimeParts(mine[mine.length - 1]?.data ?? "");
  const code = />(\d{6})</.exec(body)?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

/** The reset link of the latest mail to the address. */
export function latestResetLink(mails: ReceivedMail[], address: string): URL {
  const mine = mailsTo(mails, address);
  const body = decodeMimeParts(mine[mine.length - 1]?.data ?? "");
  const href = /href="([^"]+)"/.exec(body)?.[1];
  if (!href) throw new Error(`no link in the mail to ${address}`);
  return new URL(href.replace(/&amp;/g, "&"));
}

let ipCounter = 0;
/** A fresh client address, so the per-IP send limit does not interfere between steps. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.20.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** A valid e-mail code for the address, stored as GET /api/verification stores it (no mail sent). */
export async function plantEmailCode(email: string, code: string, ttlSeconds = 120): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await db().verificationCode.create({
    data: {
      purpose: "email_verify",
      target: email,
      codeHash: hashCode(code),
      expiresAt: now + ttlSeconds,
      createdAt: now,
    },
  });
}
