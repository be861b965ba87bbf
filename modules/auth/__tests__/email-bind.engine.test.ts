// GET (and POST) /api/oauth/email/bind: binding or changing the own address with the mailed code;
// the validation messages, wrong / used codes, forged cross-site requests, addresses already
// used by another account, and races: two accounts binding one address (or a registration racing a
// binding) end with exactly one owner.
import * as bindRoute from "@/app/api/oauth/email/bind/route";
import * as registerRoute from "@/app/api/user/register/route";
import * as verificationRoute from "@/app/api/verification/route";
import { db } from "@/lib/server/db";
import { resetAllLimitersForTests } from "@/lib/server/http/rate-limit";
import { hashCode } from "@/modules/auth/server/verification/consume-code";
import { catalogues } from "@/messages";
import { call, createUser, setOptions, setupApiHarness, refusedInput } from "@/test-support/api/harness";
import { createVerifiedUser } from "@/test-support/api/security-support";
import { latestCode, mailsTo, nextIp, setupMailTest } from "@/test-support/api/mail-support";

setupApiHarness();

const zh = catalogues.zh.server;
const smtp = setupMailTest();

type Session = { id: number; cookie: string };

function bind(who: Session, email: string, code: string, headers: Record<string, string> = {}) {
  const q = new URLSearchParams({ email, code });
  return call(bindRoute, "GET", `/api/oauth/email/bind?${q}`, {
    cookie: who.cookie,
    headers: { "New-Api-User": String(who.id), ...headers },
  });
}

async function mailCode(who: Session, email: string): Promise<string> {
  const res = await call(verificationRoute, "GET", `/api/verification?email=${encodeURIComponent(email)}`, {
    ip: nextIp(),
    cookie: who.cookie,
    headers: { "New-Api-User": String(who.id) },
  });
  expect(res.json).toMatchObject({ success: true });
  return latestCode(smtp.mails, email.toLowerCase());
}

/** A valid code stored directly: simulates two sends that overlapped (each got its own code). */
async function plantCode(email: string, code: string) {
  const now = Math.floor(Date.now() / 1000);
  await db().verificationCode.create({
    data: { purpose: "email_verify", target: email, codeHash: hashCode(code), expiresAt: now + 120, createdAt: now },
  });
}

const emailOf = async (id: number) => (await db().user.findUniqueOrThrow({ where: { id } })).email;

test("anonymous callers are refused", async () => {
  const res = await call(bindRoute, "GET", "/api/oauth/email/bind?email=a@example.com&code=123456");
  expect(res.status).toBe(401);
});

test.each([
  ["no email", { code: "123456" }, "mail_email_required"],
  ["malformed email", { email: "nope", code: "123456" }, "email_invalid"],
  ["no code", { email: "a@example.com" }, "mail_code_required"],
  ["blank code", { email: "a@example.com", code: "  " }, "mail_code_required"],
] as const)("validation: %s", async (_name, params, key) => {
  const user = await createVerifiedUser();
  const res = await call(bindRoute, "GET", `/api/oauth/email/bind?${new URLSearchParams(params)}`, {
    cookie: user.cookie,
    headers: { "New-Api-User": String(user.id) },
  });
  expect(res.status).toBe(400);
  expect(res.json).toEqual(refusedInput(zh[key]));
  const en = await call(bindRoute, "GET", `/api/oauth/email/bind?${new URLSearchParams(params)}`, {
    cookie: `${user.cookie}; NEXT_LOCALE=en`,
    headers: { "New-Api-User": String(user.id) },
  });
  expect(en.json.message).toBe(catalogues.en.server[key]);
});

test("binds with the mailed code, refuses a wrong or used code, and changes the address later", async () => {
  const user = await createVerifiedUser();
  const code = await mailCode(user, "Bind.Me@Example.com");
  const wrong = await bind(user, "bind.me@example.com", code === "000000" ? "111111" : "000000");
  expect(wrong.json).toEqual({ success: false, message: zh.verification_code_invalid });
  expect(await emailOf(user.id)).toBe("");

  const ok = await bind(user, "BIND.ME@example.com", code);
  expect(ok.json).toEqual({ success: true, message: "绑定成功！", data: null });
  expect(await emailOf(user.id)).toBe("bind.me@example.com");
  const reused = await bind(user, "bind.me@example.com", code);
  expect(reused.json.message).toBe(zh.verification_code_invalid);

  // a new address with a new code (POST form too); the old address is released
  const next = await mailCode(user, "moved@example.com");
  const posted = await call(bindRoute, "POST", "/api/oauth/email/bind", {
    cookie: user.cookie,
    headers: { "New-Api-User": String(user.id) },
    body: { email: "moved@example.com", code: next },
  });
  expect(posted.json.success).toBe(true);
  expect(await emailOf(user.id)).toBe("moved@example.com");
  const other = await createVerifiedUser();
  resetAllLimitersForTests(); // one mail per address per 30 s
  await expect(mailCode(other, "bind.me@example.com")).resolves.toMatch(/^\d{6}$/);
});

test("a forged request (no New-Api-User, or cross-site) is refused even with a valid code", async () => {
  const user = await createVerifiedUser();
  await plantCode("forged@example.com", "313131");
  const noHeader = await call(bindRoute, "GET", "/api/oauth/email/bind?email=forged@example.com&code=313131", {
    cookie: user.cookie,
  });
  expect(noHeader.status).toBe(403);
  expect(noHeader.json.message).toBe(zh.cross_site_refused);
  const crossSite = await bind(user, "forged@example.com", "313131", { "Sec-Fetch-Site": "cross-site" });
  expect(crossSite.status).toBe(403);
  expect(await emailOf(user.id)).toBe("");
  // the code was not spent by the refused attempts
  expect((await bind(user, "forged@example.com", "313131", { "Sec-Fetch-Site": "same-origin" })).json.success).toBe(
    true,
  );
});

test("an address used by another account cannot be bound, whatever its case", async () => {
  await createUser({ email: "Owner@Example.com" });
  const user = await createVerifiedUser();
  await plantCode("owner@example.com", "505050");
  const res = await bind(user, "owner@example.com", "505050");
  expect(res.status).toBe(409);
  expect(res.json).toEqual({ success: false, message: zh.email_taken });
  expect(await emailOf(user.id)).toBe("");
  // and no code is mailed for it
  const send = await call(verificationRoute, "GET", "/api/verification?email=owner@example.com", {
    ip: nextIp(),
    cookie: user.cookie,
  });
  expect(send.json.message).toBe(zh.email_taken);
  expect(mailsTo(smtp.mails, "owner@example.com")).toHaveLength(0);
});

test("two accounts binding one address at the same time: exactly one gets it", async () => {
  for (let round = 0; round < 3; round++) {
    const address = `race${round}@example.com`;
    const a = await createVerifiedUser();
    const b = await createVerifiedUser();
    await plantCode(address, "111111");
    await plantCode(address, "222222");
    const results = await Promise.all([bind(a, address, "111111"), bind(b, address, "222222")]);
    expect(results.filter((r) => r.json.success)).toHaveLength(1);
    const loser = results.find((r) => !r.json.success)!;
    expect(loser.json.message).toBe(zh.email_taken);
    expect(await db().user.count({ where: { email: address } })).toBe(1);
  }
});

test("one code used by two accounts at once: only one binding", async () => {
  const a = await createVerifiedUser();
  const b = await createVerifiedUser();
  await plantCode("shared@example.com", "777777");
  const results = await Promise.all([bind(a, "shared@example.com", "777777"), bind(b, "shared@example.com", "777777")]);
  expect(results.filter((r) => r.json.success)).toHaveLength(1);
  expect(await db().user.count({ where: { email: "shared@example.com" } })).toBe(1);
});

test("a registration racing a binding for one address: exactly one owner", async () => {
  await setOptions({ EmailVerificationEnabled: "true" });
  const a = await createVerifiedUser();
  await plantCode("contested@example.com", "333333");
  await plantCode("contested@example.com", "444444");
  const [bound, registered] = await Promise.all([
    bind(a, "contested@example.com", "333333"),
    call(registerRoute, "POST", "/api/user/register", {
      body: {
        username: "contender",
        password: "contender-pass",
        email: "contested@example.com",
        verification_code: "444444",
      },
    }),
  ]);
  expect([bound.json.success, registered.json.success].filter(Boolean)).toHaveLength(1);
  expect(await db().user.count({ where: { email: "contested@example.com" } })).toBe(1);
  await setOptions({ EmailVerificationEnabled: "false" });
});
