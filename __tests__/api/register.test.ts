// POST /api/user/register: success, taken names (including soft-deleted accounts), validation in both
// languages, the registration switch, and invite-code rewards with their log rows.
import * as registerRoute from "@/app/api/user/register/route";
import { db } from "@/lib/server/db";
import { LOG_TYPE } from "@/lib/constants";
import { catalogues } from "@/messages";
import { call, createUser, login, setOptions, setupRoot, setupApiHarness } from "./harness";

setupApiHarness();

const zh = catalogues.zh.server;
const en = catalogues.en.server;

function register(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call(registerRoute, "POST", "/api/user/register", { body, headers });
}

beforeAll(async () => {
  await setupRoot();
});

test("registers an ordinary user who can then log in", async () => {
  const res = await register({ username: "newbie", password: "newbie-pass", password2: "newbie-pass" });
  expect(res.status).toBe(200);
  expect(res.json).toEqual({ success: true, message: "注册成功！", data: null });
  const user = await db().user.findUniqueOrThrow({ where: { username: "newbie" } });
  expect(user.role).toBe(1);
  expect(user.status).toBe(1);
  expect(user.password).toMatch(/^\$2[aby]\$/);
  expect(user.affCode).toMatch(/^\w{4,}$/);
  await expect(login("newbie", "newbie-pass")).resolves.toContain("=");
});

test("a taken username is refused, also when its owner deleted the account", async () => {
  await createUser({ username: "taken1" });
  const gone = await createUser({ username: "gone1" });
  await db().user.update({ where: { id: gone.id }, data: { deletedAt: new Date() } });
  for (const username of ["taken1", "gone1"]) {
    const res = await register({ username, password: "some-pass-1" });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ success: false, message: "用户名已存在，或已注销" });
  }
  expect(await db().user.count({ where: { username: { in: ["taken1", "gone1"] } } })).toBe(2);
});

test.each([
  ["empty username", { username: "", password: "long-enough" }, "username_required"],
  ["whitespace in username", { username: "a b", password: "long-enough" }, "username_invalid"],
  ["username too long", { username: "u".repeat(21), password: "long-enough" }, "username_too_long"],
  ["short password", { username: "shorty", password: "short" }, "password_too_short"],
  ["long password", { username: "longy", password: "p".repeat(21) }, "password_too_long"],
  [
    "mismatched confirmation",
    { username: "mismatch", password: "long-enough", password2: "long-enougg" },
    "password_mismatch",
  ],
  ["malformed email", { username: "mailer", password: "long-enough", email: "not-an-email" }, "email_invalid"],
] as const)("validation: %s", async (_name, body, key) => {
  const usersBefore = await db().user.count();
  const zhRes = await register(body);
  expect(zhRes.status).toBe(400);
  expect(zhRes.json).toEqual({ success: false, message: zh[key] });
  const enRes = await register(body, { cookie: "NEXT_LOCALE=en" });
  expect(enRes.json).toEqual({ success: false, message: en[key] });
  expect(await db().user.count()).toBe(usersBefore);
});

test("registration can be switched off", async () => {
  await setOptions({ RegisterEnabled: "false" });
  const res = await register({ username: "latecomer", password: "long-enough" });
  expect(res.status).toBe(403);
  expect(res.json).toEqual({ success: false, message: "管理员关闭了新用户注册" });
  expect(await db().user.count({ where: { username: "latecomer" } })).toBe(0);
  await setOptions({ RegisterEnabled: "true" });
});

test("an invite code credits both sides per the options and writes logs", async () => {
  await setOptions({ QuotaForNewUser: "200000", QuotaForInvitee: "500000", QuotaForInviter: "1000000" });
  const inviter = await createUser({ username: "inviter", affCode: "INV9" });

  const res = await register({ username: "invitee", password: "invitee-pass", aff_code: "INV9" });
  expect(res.status).toBe(200);

  const invitee = await db().user.findUniqueOrThrow({ where: { username: "invitee" } });
  expect(invitee.inviterId).toBe(inviter.id);
  expect(invitee.quota).toBe(BigInt(200000 + 500000));

  const after = await db().user.findUniqueOrThrow({ where: { id: inviter.id } });
  expect(after.affCount).toBe(1);
  expect(after.affQuota).toBe(BigInt(1000000));
  expect(after.affHistoryQuota).toBe(BigInt(1000000));

  const inviteeLogs = await db().log.findMany({ where: { userId: invitee.id }, orderBy: { id: "asc" } });
  expect(inviteeLogs.map((l) => l.type)).toEqual([LOG_TYPE.system, LOG_TYPE.system]);
  expect(inviteeLogs.map((l) => l.content)).toEqual([
    expect.stringContaining("新用户注册赠送 $0.400000"),
    expect.stringContaining("使用邀请码赠送 $1.000000"),
  ]);
  const inviterLogs = await db().log.findMany({ where: { userId: inviter.id } });
  expect(inviterLogs).toHaveLength(1);
  expect(inviterLogs[0]).toMatchObject({ type: LOG_TYPE.system, username: "inviter" });
  expect(inviterLogs[0]!.content).toContain("邀请用户赠送 $2.000000");

  // A second invitee counts again.
  await register({ username: "invitee2", password: "invitee-pass", aff_code: "INV9" });
  expect((await db().user.findUniqueOrThrow({ where: { id: inviter.id } })).affCount).toBe(2);
});

test("an unknown invite code registers without rewards", async () => {
  await setOptions({ QuotaForNewUser: "0", QuotaForInvitee: "500000", QuotaForInviter: "1000000" });
  const res = await register({ username: "noinvite", password: "noinvite-pass", aff_code: "ZZZZ" });
  expect(res.status).toBe(200);
  const user = await db().user.findUniqueOrThrow({ where: { username: "noinvite" } });
  expect(user.inviterId).toBe(0);
  expect(user.quota).toBe(BigInt(0));
  expect(await db().log.count({ where: { userId: user.id } })).toBe(0);
});
