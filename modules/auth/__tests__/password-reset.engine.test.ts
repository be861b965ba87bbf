// GET /api/reset_password and POST /api/user/reset against a real loopback SMTP server: the link
// {ServerAddress}/user/reset?email&token is mailed; an unknown, banned or deleted address gets the
// same answer and no mail; the token is random, stored hashed, single-use, short-lived, bound to its
// address and superseded by a newer one; the reset gives a new password, kills every session and
// the old password; send limits per client IP and per address; the human check; spec messages.
import * as loginRoute from "@/app/api/user/login/route";
import * as resetConfirmRoute from "@/app/api/user/reset/route";
import * as resetRequestRoute from "@/app/api/reset_password/route";
import * as selfRoute from "@/app/api/user/self/route";
import { AppError } from "@/lib/server/http/app-error";
import { resetAllLimitersForTests } from "@/lib/server/http/rate-limit";
import { db } from "@/lib/server/db";
import { hashCode } from "@/modules/auth/server/verification/consume-code";
import { catalogues } from "@/messages";
import { call, createUser, login, setOptions, setupApiHarness, refusedInput } from "@/test-support/api/harness";
import {
  latestResetLink,
  mailsTo,
  nextIp,
  SERVER_ADDRESS,
  setupMailTest,
  subjectOf,
  SYSTEM_NAME,
  waitForMails,
} from "@/test-support/api/mail-support";

const humanChecks: (string | undefined)[] = [];
jest.mock("@/lib/server/auth/human-check", () => ({
  assertHumanCheck: async (token: string | undefined) => {
    humanChecks.push(token);
    if (token === "bot") throw new AppError("forbidden", "auth_forbidden");
  },
}));

setupApiHarness();

const zh = catalogues.zh.server;
const SENT = { success: true, message: "重置邮件发送成功，请检查邮箱！", data: null };
const smtp = setupMailTest();

function requestReset(email: string | undefined, opts: { ip?: string; turnstile?: string; cookie?: string } = {}) {
  const q = new URLSearchParams();
  if (email !== undefined) q.set("email", email);
  if (opts.turnstile) q.set("turnstile", opts.turnstile);
  return call(resetRequestRoute, "GET", `/api/reset_password?${q}`, { ip: opts.ip ?? nextIp(), cookie: opts.cookie });
}

function confirm(body: Record<string, string>) {
  return call<string>(resetConfirmRoute, "POST", "/api/user/reset", { body });
}

let sentinels = 0;
/**
 * Reset mails are sent after the answer. To prove that none is on its way, a reset for a fresh
 * address is requested afterwards and its mail awaited: mails go out in order, so an earlier one
 * would have arrived first.
 */
async function settle(): Promise<void> {
  const address = `sentinel${++sentinels}@example.com`;
  await createUser({ email: address });
  expect((await requestReset(address)).status).toBe(200);
  await waitForMails(smtp.mails, address);
}

test("a reset link is mailed; using it gives a new password, kills sessions and the old password", async () => {
  const user = await createUser({ username: "forgetful", password: "old-password-1", email: "forgetful@example.com" });
  const session = await login("forgetful", "old-password-1");

  const res = await requestReset("Forgetful@Example.com", { turnstile: "tok" });
  expect(res.status).toBe(200);
  expect(res.json).toEqual(SENT);
  expect(humanChecks.at(-1)).toBe("tok");
  const [mail] = await waitForMails(smtp.mails, "forgetful@example.com");
  expect(subjectOf(mail!)).toBe(`${SYSTEM_NAME} 密码重置`);
  const link = latestResetLink(smtp.mails, "forgetful@example.com");
  expect(`${link.origin}${link.pathname}`).toBe(`${SERVER_ADDRESS}/user/reset`);
  expect(link.searchParams.get("email")).toBe("forgetful@example.com");
  const token = link.searchParams.get("token")!;
  expect(token).toMatch(/^[\w-]{32,}$/);
  const row = await db().verificationCode.findFirstOrThrow({ where: { purpose: "password_reset" } });
  expect(row).toMatchObject({ target: "forgetful@example.com", codeHash: hashCode(token), payload: String(user.id) });
  expect(row.expiresAt - row.createdAt).toBe(900);

  const done = await confirm({ email: "forgetful@example.com", token });
  expect(done.status).toBe(200);
  expect(done.json.success).toBe(true);
  const newPassword = done.json.data;
  expect(newPassword).toMatch(/^[A-Za-z0-9]{16}$/);

  expect((await call(selfRoute, "GET", "/api/user/self", { cookie: session })).status).toBe(401);
  const oldLogin = await call(loginRoute, "POST", "/api/user/login", {
    body: { username: "forgetful", password: "old-password-1" },
  });
  expect(oldLogin.json.success).toBe(false);
  const fresh = await login("forgetful@example.com", newPassword);
  expect((await call(selfRoute, "GET", "/api/user/self", { cookie: fresh })).status).toBe(200);

  // single use
  const again = await confirm({ email: "forgetful@example.com", token });
  expect(again.status).toBe(400);
  expect(again.json).toEqual({ success: false, message: "重置链接非法或已过期" });
});

test("unknown, banned and deleted addresses get the same answer and no mail", async () => {
  await createUser({ email: "banned@example.com", status: 2 });
  const gone = await createUser({ email: "gone@example.com" });
  await db().user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
  const before = smtp.mails.length;
  for (const address of ["nobody@example.com", "banned@example.com", "gone@example.com"]) {
    const res = await requestReset(address);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(SENT);
  }
  await settle();
  expect(smtp.mails.length).toBe(before + 1); // the sentinel's mail only
  expect(
    await db().verificationCode.count({ where: { target: { in: ["nobody@example.com", "gone@example.com"] } } }),
  ).toBe(0);
});

test("a token for another address, an expired token and a superseded token are refused", async () => {
  await createUser({ username: "twice", email: "twice@example.com" });
  await requestReset("twice@example.com");
  await waitForMails(smtp.mails, "twice@example.com", 1);
  const first = latestResetLink(smtp.mails, "twice@example.com").searchParams.get("token")!;

  const wrongEmail = await confirm({ email: "forgetful@example.com", token: first });
  expect(wrongEmail.json.message).toBe(zh.mail_reset_link_invalid);

  resetAllLimitersForTests(); // one mail per address per 30 s
  await requestReset("twice@example.com");
  await waitForMails(smtp.mails, "twice@example.com", 2);
  const second = latestResetLink(smtp.mails, "twice@example.com").searchParams.get("token")!;
  expect(second).not.toBe(first);
  expect((await confirm({ email: "twice@example.com", token: first })).json.message).toBe(zh.mail_reset_link_invalid);

  await db().verificationCode.updateMany({
    where: { target: "twice@example.com", usedAt: 0 },
    data: { expiresAt: Math.floor(Date.now() / 1000) - 1 },
  });
  expect((await confirm({ email: "twice@example.com", token: second })).json.message).toBe(zh.mail_reset_link_invalid);
  expect(await db().user.findUniqueOrThrow({ where: { username: "twice" }, select: { authVersion: true } })).toEqual({
    authVersion: 0,
  });
});

test("a link stops working when its address moved to another account", async () => {
  const first = await createUser({ email: "moving@example.com" });
  await requestReset("moving@example.com");
  await waitForMails(smtp.mails, "moving@example.com");
  const token = latestResetLink(smtp.mails, "moving@example.com").searchParams.get("token")!;
  await db().user.update({ where: { id: first.id }, data: { email: "elsewhere@example.com" } });
  await createUser({ email: "moving@example.com" });
  const res = await confirm({ email: "moving@example.com", token });
  expect(res.json).toEqual({ success: false, message: zh.mail_reset_link_invalid });
});

test.each([
  ["no email", {}, "mail_email_required"],
  ["malformed email", { email: "x" }, "email_invalid"],
  ["no token", { email: "a@example.com" }, "mail_reset_link_invalid"],
] as const)("confirm validation: %s", async (_name, body, key) => {
  const res = await confirm(body as Record<string, string>);
  expect(res.status).toBe(400);
  expect(res.json).toEqual(refusedInput(zh[key]));
});

test("request validation: the address is required (both languages)", async () => {
  const res = await requestReset(undefined);
  expect(res.json).toEqual(refusedInput("请输入邮箱！"));
  const en = await requestReset("", { cookie: "NEXT_LOCALE=en" });
  expect(en.json).toEqual(refusedInput(catalogues.en.server.mail_email_required));
});

test("send limits per client IP and per address, the same for unknown addresses", async () => {
  await createUser({ email: "limited@example.com" });
  expect((await requestReset("limited@example.com", { ip: "10.66.0.1" })).status).toBe(200);
  expect((await requestReset("unknown1@example.com", { ip: "10.66.0.1" })).status).toBe(200);
  const ipLimited = await requestReset("unknown2@example.com", { ip: "10.66.0.1" });
  expect(ipLimited.status).toBe(429);
  expect(ipLimited.json.message).toMatch(/^发送过于频繁，请等待 \d+ 秒后再试$/);
  for (const address of ["limited@example.com", "unknown1@example.com"]) {
    const res = await requestReset(address, { ip: "10.66.0.2" });
    expect(res.status).toBe(429);
  }
  await settle();
  expect(mailsTo(smtp.mails, "limited@example.com")).toHaveLength(1);
});

test("the human check can refuse; without SMTP every address gets the same error", async () => {
  await createUser({ email: "smtpless@example.com" });
  expect((await requestReset("smtpless@example.com", { turnstile: "bot" })).status).toBe(403);
  await setOptions({ SMTPServer: "" });
  const known = await requestReset("smtpless@example.com");
  const unknown = await requestReset("nobody2@example.com");
  expect(known.json).toEqual({ success: false, message: zh.mail_smtp_not_configured });
  expect(unknown.json).toEqual(known.json);
  expect(unknown.status).toBe(known.status);
  await setOptions({ SMTPServer: "127.0.0.1" });
  await settle();
  expect(mailsTo(smtp.mails, "smtpless@example.com")).toHaveLength(0);
});
