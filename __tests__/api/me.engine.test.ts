// The personal-settings overview calls: daily
// check-in (reward range, once per server-local day even under 20 concurrent calls, disabled, log),
// invite code (lazy, stable, unique), invite-quota transfer (minimum, over-balance, exact move, no
// overdraft under concurrency), system token reset (old token refused, per-user rate limit), and
// anonymous refusals. The concurrency tests are meaningful on SQLite and on PostgreSQL
// (TEST_DATABASE_URL).
import * as affRoute from "@/app/api/user/aff/route";
import * as affTransferRoute from "@/app/api/user/aff_transfer/route";
import * as checkInRoute from "@/app/api/user/check_in/route";
import * as checkInStatusRoute from "@/app/api/user/check_in_status/route";
import * as registerRoute from "@/app/api/user/register/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as tokenRoute from "@/app/api/user/token/route";
import { db } from "@/lib/server/db";
import { creditCheckIn } from "@/modules/profile/server/check-in";
import { serverLocalDate } from "@/modules/profile/server/check-in-rules";
import { moveAffQuota } from "@/modules/profile/server/transfer-aff-quota";
import { claimAndCredit } from "@/modules/redemptions/server/redeem-code";
import {
  call,
  createUser,
  createUserAndLogin,
  login,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import { createVerifiedUser } from "@/test-support/api/security-support";

setupApiHarness();

const AUTH_REQUIRED = "未登录或登录已过期，请重新登录";
type Status = { enabled: boolean; can_check_in: boolean; checked_in_today: boolean; quota_awarded: number };

const checkIn = (cookie: string, query = "") =>
  call<{ quota: number }>(checkInRoute, "POST", `/api/user/check_in${query}`, { cookie });
const checkInStatus = (cookie: string) =>
  call<Status>(checkInStatusRoute, "GET", "/api/user/check_in_status", { cookie });
const affCode = (cookie: string) => call<string>(affRoute, "GET", "/api/user/aff", { cookie });
const transfer = (cookie: string, body: unknown) =>
  call(affTransferRoute, "POST", "/api/user/aff_transfer", { cookie, body });
const userRow = (id: number) => db().user.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await setupRoot();
});

test("anonymous callers get 401 on every overview call", async () => {
  const calls = [
    call(checkInStatusRoute, "GET", "/api/user/check_in_status"),
    call(checkInRoute, "POST", "/api/user/check_in"),
    call(affRoute, "GET", "/api/user/aff"),
    call(affTransferRoute, "POST", "/api/user/aff_transfer", { body: { quota: 500000 } }),
    call(tokenRoute, "GET", "/api/user/token"),
  ];
  for (const res of await Promise.all(calls)) {
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ success: false, message: AUTH_REQUIRED });
  }
  expect(await db().checkIn.count()).toBe(0);
});

describe("check-in", () => {
  test("disabled (the default): status says no, the check-in is refused and nothing changes", async () => {
    await setOptions({ CheckInEnabled: "false" });
    const me = await createUserAndLogin({ quota: 10 });
    const status = await checkInStatus(me.cookie);
    expect(status.status).toBe(200);
    expect(status.json.data).toMatchObject({ enabled: false, can_check_in: false, checked_in_today: false });
    const res = await checkIn(me.cookie);
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ success: false, message: "签到功能未启用" });
    expect((await userRow(me.id)).quota).toBe(10n);
    expect(await db().checkIn.count({ where: { userId: me.id } })).toBe(0);
  });

  test("a reward within [CheckInQuota, CheckInMaxQuota], credited once, logged as type 5; the second is refused", async () => {
    await setOptions({ CheckInEnabled: "true", CheckInQuota: "1000", CheckInMaxQuota: "5000" });
    const me = await createUserAndLogin({ quota: 100 });
    expect((await checkInStatus(me.cookie)).json.data).toMatchObject({ enabled: true, can_check_in: true });

    const res = await checkIn(me.cookie, "?turnstile=any-token");
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("签到成功");
    const reward = res.json.data.quota;
    expect(Number.isInteger(reward)).toBe(true);
    expect(reward).toBeGreaterThanOrEqual(1000);
    expect(reward).toBeLessThanOrEqual(5000);
    expect((await userRow(me.id)).quota).toBe(BigInt(100 + reward));

    const logs = await db().log.findMany({ where: { userId: me.id } });
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ type: 5, quota: BigInt(reward), username: me.username });
    expect(logs[0]!.content).toContain("签到");
    const row = await db().checkIn.findFirstOrThrow({ where: { userId: me.id } });
    expect(row).toMatchObject({ checkinDate: serverLocalDate(), quotaAwarded: BigInt(reward) });

    expect((await checkInStatus(me.cookie)).json.data).toMatchObject({
      can_check_in: false,
      checked_in_today: true,
      quota_awarded: reward,
    });
    const again = await checkIn(me.cookie);
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ success: false, message: "今日已签到" });
    expect((await userRow(me.id)).quota).toBe(BigInt(100 + reward));
    expect(await db().log.count({ where: { userId: me.id } })).toBe(1);
  });

  test("without a max (0) the reward is exactly CheckInQuota; a max below the minimum gives the minimum", async () => {
    await setOptions({ CheckInEnabled: "true", CheckInQuota: "777", CheckInMaxQuota: "0" });
    const a = await createUserAndLogin();
    expect((await checkIn(a.cookie)).json.data.quota).toBe(777);
    await setOptions({ CheckInMaxQuota: "10" });
    const b = await createUserAndLogin();
    expect((await checkIn(b.cookie)).json.data.quota).toBe(777);
  });

  test("one user's check-in does not use up another's", async () => {
    await setOptions({ CheckInEnabled: "true", CheckInQuota: "500", CheckInMaxQuota: "0" });
    const a = await createUserAndLogin();
    const b = await createUserAndLogin();
    expect((await checkIn(a.cookie)).json.success).toBe(true);
    expect((await checkInStatus(b.cookie)).json.data.can_check_in).toBe(true);
    expect((await checkIn(b.cookie)).json.success).toBe(true);
  });

  test("20 concurrent check-ins by one user credit exactly once", async () => {
    await setOptions({ CheckInEnabled: "true", CheckInQuota: "1000", CheckInMaxQuota: "2000" });
    const me = await createUserAndLogin({ quota: 0 });
    const results = await Promise.all(Array.from({ length: 20 }, () => checkIn(me.cookie)));
    const ok = results.filter((r) => r.json.success);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => !r.json.success).every((r) => r.json.message === "今日已签到")).toBe(true);
    expect((await userRow(me.id)).quota).toBe(BigInt(ok[0]!.json.data.quota));
    expect(await db().checkIn.count({ where: { userId: me.id } })).toBe(1);
    expect(await db().log.count({ where: { userId: me.id, type: 5 } })).toBe(1);
  });

  test("the credit transaction alone (no in-process queue): 20 at once, the unique row decides", async () => {
    // Bypasses writeAfterFlush so the database is what decides (several instances share one DB).
    const me = await createUser({ quota: 0 });
    const date = "2031-02-03";
    const settled = await Promise.allSettled(Array.from({ length: 20 }, () => creditCheckIn(me, date, 300, 500000)));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect((await userRow(me.id)).quota).toBe(300n);
    expect(await db().checkIn.count({ where: { userId: me.id, checkinDate: date } })).toBe(1);
    expect(await db().log.count({ where: { userId: me.id, type: 5 } })).toBe(1);
  });
});

describe("invite code", () => {
  test("created on first request (4 letters or digits), then stable; kept when registration gave one", async () => {
    const me = await createUserAndLogin();
    expect((await userRow(me.id)).affCode).toBeNull();
    const first = await affCode(me.cookie);
    expect(first.status).toBe(200);
    expect(first.json.data).toMatch(/^[A-Za-z0-9]{4}$/);
    expect((await affCode(me.cookie)).json.data).toBe(first.json.data);
    expect((await userRow(me.id)).affCode).toBe(first.json.data);

    const preset = await createUserAndLogin({ affCode: "Ab12" });
    expect((await affCode(preset.cookie)).json.data).toBe("Ab12");
  });

  test("concurrent first requests agree on one code; codes differ between users", async () => {
    const me = await createUserAndLogin();
    const codes = (await Promise.all(Array.from({ length: 8 }, () => affCode(me.cookie)))).map((r) => r.json.data);
    expect(new Set(codes).size).toBe(1);
    const others = await Promise.all(Array.from({ length: 10 }, () => createUserAndLogin()));
    const all = await Promise.all(others.map(async (o) => (await affCode(o.cookie)).json.data));
    expect(new Set([...all, codes[0]]).size).toBe(11);
  });
});

describe("invite-quota transfer", () => {
  const withAff = async (affQuota: number, quota = 0) => {
    const me = await createUserAndLogin({ quota });
    await db().user.update({ where: { id: me.id }, data: { affQuota: BigInt(affQuota) } });
    return me;
  };

  test("below one unit: 划转金额最低为 $1.00, nothing moves", async () => {
    const me = await withAff(2_000_000, 5);
    const res = await transfer(me.cookie, { quota: 499_999 });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, message: "划转金额最低为 $1.00" });
    expect(await userRow(me.id)).toMatchObject({ quota: 5n, affQuota: 2_000_000n });
  });

  test("malformed amounts are refused with a message", async () => {
    const me = await withAff(2_000_000);
    for (const body of [{ quota: 600000.5 }, { quota: "600000" }, {}, { quota: -1 }]) {
      const res = await transfer(me.cookie, body);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe("划转额度必须是正整数");
    }
    expect((await userRow(me.id)).affQuota).toBe(2_000_000n);
  });

  test("more than the pending invite quota: 邀请额度不足！, nothing moves", async () => {
    const me = await withAff(700_000, 5);
    const res = await transfer(me.cookie, { quota: 700_001 });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, message: "邀请额度不足！" });
    expect(await userRow(me.id)).toMatchObject({ quota: 5n, affQuota: 700_000n });
  });

  test("success moves exactly the amount from aff_quota to quota; history is untouched; logged", async () => {
    const me = await withAff(1_700_000, 5);
    await db().user.update({ where: { id: me.id }, data: { affHistoryQuota: 1_700_000n } });
    const res = await transfer(me.cookie, { quota: 1_200_000 });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: "划转成功", data: { quota: 1_200_000 } });
    expect(await userRow(me.id)).toMatchObject({ quota: 1_200_005n, affQuota: 500_000n, affHistoryQuota: 1_700_000n });
    const log = await db().log.findFirstOrThrow({ where: { userId: me.id } });
    expect(log).toMatchObject({ type: 4, quota: 1_200_000n });
    const self = await call<Record<string, number>>(selfRoute, "GET", "/api/user/self", { cookie: me.cookie });
    expect(self.json.data).toMatchObject({ quota: 1_200_005, aff_quota: 500_000 });
  });

  test("concurrent transfers never overdraw aff_quota (through the route and the transaction alone)", async () => {
    const me = await withAff(2_000_000);
    const viaRoute = await Promise.all(Array.from({ length: 10 }, () => transfer(me.cookie, { quota: 500_000 })));
    expect(viaRoute.filter((r) => r.json.success)).toHaveLength(4);
    expect(await userRow(me.id)).toMatchObject({ quota: 2_000_000n, affQuota: 0n });

    const other = await createUser();
    await db().user.update({ where: { id: other.id }, data: { affQuota: 1_500_000n } });
    const settled = await Promise.allSettled(Array.from({ length: 12 }, () => moveAffQuota(other, 500_000, 500000)));
    expect(settled.filter((s) => s.status === "fulfilled")).toHaveLength(3);
    expect(await userRow(other.id)).toMatchObject({ quota: 1_500_000n, affQuota: 0n });
  });

  test("an invitee's first payment rewards the inviter once, even when payments race; the inviter can transfer it", async () => {
    await setOptions({ QuotaForInviter: "600000", QuotaForInvitee: "0" });
    const inviter = await createUserAndLogin();
    const code = (await affCode(inviter.cookie)).json.data;
    const username = `inv${Date.now() % 100000}`;
    const reg = await call(registerRoute, "POST", "/api/user/register", {
      body: { username, password: "invitee-pass-1", aff_code: code },
    });
    expect(reg.json.success).toBe(true);
    expect(await userRow(inviter.id)).toMatchObject({ affCount: 1, affQuota: 0n, affHistoryQuota: 0n });
    // Six paid codes redeemed at once by the invitee (the transaction alone, no in-process queue).
    const invitee = await db().user.findUniqueOrThrow({ where: { username }, select: { id: true, username: true } });
    const keys = Array.from({ length: 6 }, (_, i) => `race-${invitee.id}-${i}`);
    await db().redemption.createMany({ data: keys.map((key) => ({ key, quota: 10n })) });
    const settled = await Promise.allSettled(keys.map((key) => claimAndCredit(invitee, key, 500000)));
    expect(settled.filter((r) => r.status === "fulfilled")).toHaveLength(6);
    expect(await userRow(inviter.id)).toMatchObject({ affCount: 1, affQuota: 600_000n, affHistoryQuota: 600_000n });
    expect((await transfer(inviter.cookie, { quota: 600_000 })).json.success).toBe(true);
    expect(await userRow(inviter.id)).toMatchObject({ quota: 600_000n, affQuota: 0n, affHistoryQuota: 600_000n });
    await setOptions({ QuotaForInviter: "0" });
  });
});

describe("system access token", () => {
  test("a reset invalidates the previous token: old refused, new accepted on /api calls", async () => {
    const me = await createVerifiedUser();
    const first = (await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie })).json.data;
    const headers = (token: string) => ({ authorization: token, "new-api-user": String(me.id) });
    const withToken = (token: string) =>
      call<Status>(checkInStatusRoute, "GET", "/api/user/check_in_status", { headers: headers(token) });
    expect((await withToken(first)).status).toBe(200);

    const second = (await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie })).json.data;
    expect(second).not.toBe(first);
    const old = await withToken(first);
    expect(old.status).toBe(401);
    expect(old.json.success).toBe(false);
    expect((await withToken(second)).status).toBe(200);
    expect((await affCode(me.cookie)).status).toBe(200);
  });

  test("resets are rate-limited per user (20 per 20 minutes), others unaffected", async () => {
    const me = await createVerifiedUser();
    for (let i = 0; i < 20; i++) {
      expect((await call(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie })).status).toBe(200);
    }
    const limited = await call(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie });
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ success: false, message: "请求次数过多，请稍后再试！" });
    const other = await createVerifiedUser();
    expect((await call(tokenRoute, "GET", "/api/user/token", { cookie: other.cookie })).status).toBe(200);
  });
});

test("a deleted account can no longer check in or read its invite code", async () => {
  await setOptions({ CheckInEnabled: "true", CheckInQuota: "500", CheckInMaxQuota: "0" });
  const me = await createVerifiedUser();
  const token = (await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie })).json.data;
  expect((await call(selfRoute, "DELETE", "/api/user/self", { cookie: me.cookie })).json.success).toBe(true);
  expect((await checkIn(me.cookie)).status).toBe(401);
  expect((await call(affRoute, "GET", "/api/user/aff", { headers: { authorization: token } })).status).toBe(401);
  await expect(login(me.username, me.password, "10.7.7.7")).rejects.toThrow();
  expect(await db().checkIn.count({ where: { userId: me.id } })).toBe(0);
});
