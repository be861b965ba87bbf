// POST /api/user/register: success, taken names (including soft-deleted accounts), validation in both
// languages, the registration switch, and invite-code rewards with their log rows (the inviter's
// paid at the invitee's first payment, review 3 L8).
import * as registerRoute from "@/app/api/user/register/route";
import * as topupRoute from "@/app/api/user/topup/route";
import { db } from "@/lib/server/db";
import { LOG_TYPE } from "@/lib/constants";
import { catalogues } from "@/messages";
import {
  call,
  createUser,
  login,
  setOptions,
  setupRoot,
  setupApiHarness,
  refusedInput,
} from "@/test-support/api/harness";

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
  expect(zhRes.json).toEqual(refusedInput(zh[key]));
  const enRes = await register(body, { cookie: "NEXT_LOCALE=en" });
  expect(enRes.json).toEqual(refusedInput(en[key]));
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

test("an invite code gives the invitee its reward and counts the invitee for the inviter, with logs", async () => {
  await setOptions({ QuotaForNewUser: "200000", QuotaForInvitee: "500000", QuotaForInviter: "1000000" });
  const inviter = await createUser({ username: "inviter", affCode: "INV9" });

  const res = await register({ username: "invitee", password: "invitee-pass", aff_code: "INV9" });
  expect(res.status).toBe(200);

  const invitee = await db().user.findUniqueOrThrow({ where: { username: "invitee" } });
  expect(invitee.inviterId).toBe(inviter.id);
  expect(invitee.quota).toBe(BigInt(200000 + 500000));
  expect((await db().user.findUniqueOrThrow({ where: { id: inviter.id } })).affCount).toBe(1);

  const inviteeLogs = await db().log.findMany({ where: { userId: invitee.id }, orderBy: { id: "asc" } });
  expect(inviteeLogs.map((l) => l.type)).toEqual([LOG_TYPE.system, LOG_TYPE.system]);
  expect(inviteeLogs.map((l) => l.content)).toEqual([
    expect.stringContaining("新用户注册赠送 $0.400000"),
    expect.stringContaining("使用邀请码赠送 $1.000000"),
  ]);
});

// Review 3 L8: sign-up needs no verification by default, so a reward paid at sign-up was farmed by
// scripting sign-ups with one invite code. The inviter is paid when an invitee first pays.
test("farming: scripted sign-ups with one invite code never pay the inviter; an invitee's first payment does, once", async () => {
  await setOptions({ QuotaForNewUser: "0", QuotaForInvitee: "0", QuotaForInviter: "1000000" });
  const inviter = await createUser({ username: "farmer", affCode: "FARM" });
  const names = Array.from({ length: 5 }, (_, i) => `farmed${i}`);
  for (const username of names) {
    expect((await register({ username, password: "farmed-pass", aff_code: "FARM" })).status).toBe(200);
  }
  const farmer = () => db().user.findUniqueOrThrow({ where: { id: inviter.id } });
  expect(await farmer()).toMatchObject({ affCount: 5, affQuota: 0n, affHistoryQuota: 0n });
  const rewardLogs = () => db().log.count({ where: { userId: inviter.id, content: { contains: "邀请用户赠送" } } });
  expect(await rewardLogs()).toBe(0);

  const redeem = async (username: string, key: string, isGift = false) => {
    await db().redemption.create({ data: { key, quota: 10n, isGift, maxUses: isGift ? -1 : 1 } });
    const cookie = await login(username, "farmed-pass");
    const res = await call(topupRoute, "POST", "/api/user/topup", { cookie, body: { key } });
    expect(res.json.success).toBe(true);
  };
  // A gift code is free: no reward.
  await redeem("farmed0", "gift-code-farm", true);
  expect(await farmer()).toMatchObject({ affQuota: 0n });
  // A paid code: the inviter is rewarded once, and not again for the same invitee's next payment.
  await redeem("farmed1", "paid-code-farm-1");
  expect(await farmer()).toMatchObject({ affQuota: 1_000_000n, affHistoryQuota: 1_000_000n });
  await redeem("farmed1", "paid-code-farm-2");
  expect(await farmer()).toMatchObject({ affQuota: 1_000_000n, affHistoryQuota: 1_000_000n });
  expect(await rewardLogs()).toBe(1);
  await setOptions({ QuotaForInviter: "0" });
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
