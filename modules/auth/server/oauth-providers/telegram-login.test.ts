// The Telegram widget check (core.telegram.org/widgets/login#checking-authorization) against a
// vector computed here independently with node:crypto, plus the freshness window.
import { createHash, createHmac } from "node:crypto";
import {
  TELEGRAM_MAX_AGE_SECONDS,
  TELEGRAM_MAX_SKEW_SECONDS,
  telegramHash,
  verifyTelegramLogin,
} from "@/modules/auth/server/oauth-providers/telegram";

const BOT_TOKEN = "110201543:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw";
const NOW = 1_700_000_000;
const widget = {
  id: "42424242",
  first_name: "Ada",
  last_name: "Lovelace",
  username: "ada_l",
  photo_url: "https://t.me/i/userpic/320/ada.jpg",
  auth_date: String(NOW - 60),
};
// written out by hand: sorted keys, "key=value" lines joined by \n, keyed by SHA-256(bot token)
const DATA_CHECK_STRING = [
  `auth_date=${NOW - 60}`,
  "first_name=Ada",
  "id=42424242",
  "last_name=Lovelace",
  "photo_url=https://t.me/i/userpic/320/ada.jpg",
  "username=ada_l",
].join("\n");
const EXPECTED = createHmac("sha256", createHash("sha256").update(BOT_TOKEN).digest())
  .update(DATA_CHECK_STRING)
  .digest("hex");

describe("telegramHash", () => {
  test("matches the documented construction (hash field ignored, order irrelevant)", () => {
    expect(telegramHash(widget, BOT_TOKEN)).toBe(EXPECTED);
    const shuffled = Object.fromEntries(Object.entries({ hash: "x", ...widget }).reverse());
    expect(telegramHash(shuffled, BOT_TOKEN)).toBe(EXPECTED);
    expect(telegramHash(widget, BOT_TOKEN + "x")).not.toBe(EXPECTED);
  });
});

describe("verifyTelegramLogin", () => {
  const signed = { ...widget, hash: EXPECTED };

  test("accepts the signed data (hash in upper case too) and returns the identity", () => {
    for (const hash of [EXPECTED, EXPECTED.toUpperCase()]) {
      expect(verifyTelegramLogin({ ...signed, hash }, BOT_TOKEN, NOW)).toEqual({
        ok: true,
        identity: { id: "42424242", username: "ada_l", firstName: "Ada", lastName: "Lovelace" },
      });
    }
  });

  test("accepts an unsigned lang beside the signed fields, but not other additions", () => {
    expect(verifyTelegramLogin({ ...signed, lang: "en" }, BOT_TOKEN, NOW).ok).toBe(true);
    expect(verifyTelegramLogin({ ...signed, role: "admin" }, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: "invalid" });
  });

  test("refuses tampering, a wrong token, an empty token and malformed fields", () => {
    const bad = (fields: Record<string, string>, token = BOT_TOKEN) =>
      expect(verifyTelegramLogin(fields, token, NOW)).toEqual({ ok: false, reason: "invalid" });
    bad({ ...signed, id: "42424243" });
    bad({ ...signed, username: "someone_else" });
    bad(signed, "110201543:another");
    bad(signed, "");
    bad({ ...signed, hash: EXPECTED.slice(0, 63) });
    bad({ ...signed, hash: "z".repeat(64) });
    const { hash: _hash, ...unsigned } = signed;
    bad(unsigned);
    bad({ ...signed, id: "-5" });
    bad({ ...signed, auth_date: "soon" });
  });

  test("auth_date: up to one day old passes, older is expired, far future is invalid", () => {
    const at = (authDate: number) => {
      const fields = { ...widget, auth_date: String(authDate) };
      return verifyTelegramLogin({ ...fields, hash: telegramHash(fields, BOT_TOKEN) }, BOT_TOKEN, NOW);
    };
    expect(at(NOW - TELEGRAM_MAX_AGE_SECONDS).ok).toBe(true);
    expect(at(NOW - TELEGRAM_MAX_AGE_SECONDS - 1)).toEqual({ ok: false, reason: "expired" });
    expect(at(NOW + TELEGRAM_MAX_SKEW_SECONDS).ok).toBe(true);
    expect(at(NOW + TELEGRAM_MAX_SKEW_SECONDS + 1)).toEqual({ ok: false, reason: "invalid" });
  });
});
