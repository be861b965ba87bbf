// GET /api/verification and registration with an e-mail code, against a real loopback SMTP server:
// the code is mailed (system name, 3-minute life, stored hashed), wrong / expired / used / superseded
// codes are refused, the spec's messages in both languages, the domain whitelist and alias block,
// the send limits per client IP and per address, addresses already used by another account, and the
// human check receiving the turnstile parameter.
import * as registerRoute from "@/app/api/user/register/route";
import * as verificationRoute from "@/app/api/verification/route";
import { AppError } from "@/lib/server/http/app-error";
import { resetAllLimitersForTests } from "@/lib/server/http/rate-limit";
import { db } from "@/lib/server/db";
import { hashCode } from "@/modules/auth/server/verification/consume-code";
import { catalogues } from "@/messages";
import { call, createUser, login, setOptions, setupApiHarness, refusedInput } from "@/test-support/api/harness";
import { latestCode, mailsTo, nextIp, setupMailTest, subjectOf, SYSTEM_NAME } from "@/test-support/api/mail-support";

const humanChecks: { token: string | undefined; ip: string | undefined }[] = [];
jest.mock("@/lib/server/auth/human-check", () => ({
  assertHumanCheck: async (token: string | undefined, ip?: string) => {
    humanChecks.push({ token, ip });
    if (token === "bot") throw new AppError("forbidden", "auth_forbidden");
  },
}));

setupApiHarness();

const zh = catalogues.zh.server;
const en = catalogues.en.server;
const smtp = setupMailTest();

function sendCode(email: string | undefined, opts: { ip?: string; cookie?: string; turnstile?: string } = {}) {
  const q = new URLSearchParams();
  if (email !== undefined) q.set("email", email);
  if (opts.turnstile !== undefined) q.set("turnstile", opts.turnstile);
  return call(verificationRoute, "GET", `/api/verification?${q}`, { ip: opts.ip ?? nextIp(), cookie: opts.cookie });
}

function register(body: Record<string, string>) {
  return call(registerRoute, "POST", "/api/user/register", { body: { password: "register-pass", ...body } });
}

test.each([
  ["no email", undefined, "mail_email_required"],
  ["blank email", "  ", "mail_email_required"],
  ["malformed email", "not-an-address", "email_invalid"],
  ["too long", `${"a".repeat(45)}@x.com`, "email_too_long"],
] as const)("validation: %s", async (_name, email, key) => {
  const before = smtp.mails.length;
  const res = await sendCode(email);
  expect(res.status).toBe(400);
  expect(res.json).toEqual(refusedInput(zh[key]));
  const q = email === undefined ? "" : `?email=${encodeURIComponent(email)}`;
  const enRes = await call(verificationRoute, "GET", `/api/verification${q}`, {
    ip: nextIp(),
    cookie: "NEXT_LOCALE=en",
  });
  expect(enRes.json).toEqual(refusedInput(en[key]));
  expect(smtp.mails.length).toBe(before);
});

test("a code is mailed with the system name, stored hashed for 3 minutes, and registers one account", async () => {
  await setOptions({ EmailVerificationEnabled: "true" });
  const res = await sendCode("New.Person@Example.com", { turnstile: "tok-1", ip: "10.99.0.1" });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ success: true, message: "验证码发送成功，请检查你的邮箱！", data: null });
  expect(humanChecks.at(-1)).toEqual({ token: "tok-1", ip: "10.99.0.1" });

  const [mail] = mailsTo(smtp.mails, "new.person@example.com");
  expect(mail).toBeDefined();
  expect(subjectOf(mail!)).toBe(`${SYSTEM_NAME} 邮箱验证邮件`);
  const code = latestCode(smtp.mails, "new.person@example.com");
  expect(code).toMatch(/^\d{6}$/);

  const row = await db().verificationCode.findFirstOrThrow({ where: { target: "new.person@example.com" } });
  expect(row.purpose).toBe("email_verify");
  expect(row.codeHash).toBe(hashCode(code));
  expect(row.codeHash).not.toContain(code);
  expect(row.expiresAt - row.createdAt).toBe(180);

  // missing code, wrong code: refused, nothing created
  const missing = await register({ username: "mailuser0", email: "new.person@example.com" });
  expect(missing.json).toEqual({ success: false, message: zh.email_verification_required });
  const wrong = await register({
    username: "mailuser1",
    email: "new.person@example.com",
    verification_code: code === "000000" ? "111111" : "000000",
  });
  expect(wrong.json).toEqual({ success: false, message: zh.verification_code_invalid });
  expect(await db().user.count({ where: { username: "mailuser1" } })).toBe(0);

  const ok = await register({ username: "mailuser1", email: "NEW.person@example.com", verification_code: code });
  expect(ok.json).toEqual({ success: true, message: "注册成功！", data: null });
  const user = await db().user.findUniqueOrThrow({ where: { username: "mailuser1" } });
  expect(user.email).toBe("new.person@example.com");
  // addresses are stored lower-cased; logging in with the address ignores case
  await expect(login("New.Person@Example.com", "register-pass")).resolves.toContain("=");

  // the code is used up
  const again = await register({ username: "mailuser2", email: "new.person@example.com", verification_code: code });
  expect(again.status).toBe(409); // and the address is now taken anyway
  expect(again.json.message).toBe(zh.email_taken);
  await setOptions({ EmailVerificationEnabled: "false" });
});

test("without email verification the address is not stored (no unverified squatting)", async () => {
  const res = await register({ username: "noverify", email: "squat@example.com" });
  expect(res.json.success).toBe(true);
  expect((await db().user.findUniqueOrThrow({ where: { username: "noverify" } })).email).toBe("");
});

test("an expired code and a superseded code are refused; the latest one works", async () => {
  await setOptions({ EmailVerificationEnabled: "true" });
  await sendCode("late@example.com");
  const first = latestCode(smtp.mails, "late@example.com");
  await db().verificationCode.updateMany({
    where: { target: "late@example.com" },
    data: { expiresAt: Math.floor(Date.now() / 1000) - 1 },
  });
  const expired = await register({ username: "lateuser", email: "late@example.com", verification_code: first });
  expect(expired.json).toEqual({ success: false, message: zh.verification_code_invalid });

  resetAllLimitersForTests(); // the per-address limit allows one mail per 30 s
  await sendCode("late@example.com");
  const second = latestCode(smtp.mails, "late@example.com");
  resetAllLimitersForTests();
  await sendCode("late@example.com");
  const third = latestCode(smtp.mails, "late@example.com");
  expect(mailsTo(smtp.mails, "late@example.com")).toHaveLength(3);
  if (second !== third) {
    const superseded = await register({ username: "lateuser", email: "late@example.com", verification_code: second });
    expect(superseded.json.message).toBe(zh.verification_code_invalid);
  }
  const ok = await register({ username: "lateuser", email: "late@example.com", verification_code: third });
  expect(ok.json.success).toBe(true);
  await setOptions({ EmailVerificationEnabled: "false" });
});

test("wrong codes lock the address after 5 attempts, even with the right code afterwards", async () => {
  await setOptions({ EmailVerificationEnabled: "true" });
  await sendCode("guess@example.com");
  const code = latestCode(smtp.mails, "guess@example.com");
  const wrongCode = code === "123456" ? "654321" : "123456";
  for (let i = 0; i < 5; i++) {
    const res = await register({ username: "guesser", email: "guess@example.com", verification_code: wrongCode });
    expect(res.json.message).toBe(zh.verification_code_invalid);
  }
  const locked = await register({ username: "guesser", email: "guess@example.com", verification_code: code });
  expect(locked.status).toBe(429);
  expect(locked.json.message).toMatch(/^验证码错误次数过多，请 \d+ 秒后重新获取验证码$/);
  expect(await db().user.count({ where: { username: "guesser" } })).toBe(0);
  await setOptions({ EmailVerificationEnabled: "false" });
});

test("send limits: 2 per 30 s per client IP, 1 per 30 s per address; refused sends mail nothing", async () => {
  const before = smtp.mails.length;
  expect((await sendCode("ip1@example.com", { ip: "10.55.0.1" })).status).toBe(200);
  expect((await sendCode("ip2@example.com", { ip: "10.55.0.1" })).status).toBe(200);
  const third = await sendCode("ip3@example.com", { ip: "10.55.0.1" });
  expect(third.status).toBe(429);
  expect(third.json.message).toMatch(/^发送过于频繁，请等待 \d+ 秒后再试$/);

  const sameAddress = await sendCode("ip1@example.com", { ip: "10.55.0.2" });
  expect(sameAddress.status).toBe(429);
  expect(sameAddress.json.message).toMatch(/^发送过于频繁，请等待 \d+ 秒后再试$/);
  expect(smtp.mails.length).toBe(before + 2);
  expect(mailsTo(smtp.mails, "ip3@example.com")).toHaveLength(0);
});

test("domain whitelist and alias restriction", async () => {
  await setOptions({ EmailDomainRestrictionEnabled: "true", EmailDomainWhitelist: "gmail.com,example.org" });
  const refused = await sendCode("someone@evil.com");
  expect(refused.status).toBe(400);
  expect(refused.json.message).toBe(zh.mail_domain_not_allowed);
  const sub = await sendCode("someone@mail.example.org");
  expect(sub.json.message).toBe(zh.mail_domain_not_allowed);
  expect((await sendCode("Someone@Example.ORG")).json.success).toBe(true);
  expect(mailsTo(smtp.mails, "someone@example.org")).toHaveLength(1);

  await setOptions({ EmailAliasRestrictionEnabled: "true" });
  for (const alias of ["some+one@example.org", "some.one@example.org"]) {
    const res = await sendCode(alias);
    expect(res.json).toEqual({ success: false, message: zh.mail_alias_not_allowed });
  }
  await setOptions({ EmailDomainRestrictionEnabled: "false", EmailAliasRestrictionEnabled: "false" });
  expect((await sendCode("some+one@example.org")).json.success).toBe(true);
});

test("an address used by another account (any case, even deleted) gets no code and cannot register", async () => {
  await createUser({ username: "legacy", email: "Taken@Example.com" });
  const gone = await createUser({ username: "goneuser", email: "gone@example.com" });
  await db().user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
  for (const address of ["taken@example.com", "TAKEN@example.com", "gone@example.com"]) {
    resetAllLimitersForTests(); // one probe per address per 30 s: the limit runs before this check
    const res = await sendCode(address);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: zh.email_taken });
  }
  expect(mailsTo(smtp.mails, "taken@example.com")).toHaveLength(0);

  // even holding a valid code (e.g. sent before the address was taken), registration is refused
  await setOptions({ EmailVerificationEnabled: "true" });
  const now = Math.floor(Date.now() / 1000);
  await db().verificationCode.create({
    data: {
      purpose: "email_verify",
      target: "taken@example.com",
      codeHash: hashCode("424242"),
      expiresAt: now + 100,
      createdAt: now,
    },
  });
  const res = await register({ username: "thief", email: "taken@example.com", verification_code: "424242" });
  expect(res.json).toEqual({ success: false, message: zh.email_taken });
  expect(await db().user.count({ where: { username: "thief" } })).toBe(0);
  await setOptions({ EmailVerificationEnabled: "false" });
});

test("the human check is consulted with the turnstile parameter and can refuse", async () => {
  const before = smtp.mails.length;
  const res = await sendCode("robot@example.com", { turnstile: "bot", ip: "10.77.0.1" });
  expect(res.status).toBe(403);
  expect(humanChecks.at(-1)).toEqual({ token: "bot", ip: "10.77.0.1" });
  expect(smtp.mails.length).toBe(before);
});

test("without an SMTP server, and with a refusing one, the sender is told and no code is kept", async () => {
  await setOptions({ SMTPServer: "" });
  const none = await sendCode("nosmtp@example.com");
  expect(none.json).toEqual({ success: false, message: zh.mail_smtp_not_configured });

  await setOptions({ SMTPServer: "127.0.0.1", SMTPToken: "wrong-secret" });
  const refused = await sendCode("nosmtp@example.com");
  expect(refused.status).toBe(400);
  expect(refused.json).toEqual({ success: false, message: zh.mail_send_failed });
  expect(await db().verificationCode.count({ where: { target: "nosmtp@example.com", usedAt: 0 } })).toBe(0);
  await setOptions({ SMTPToken: "mail-secret" });
});
