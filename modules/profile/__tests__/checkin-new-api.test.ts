// Check-in at new-api's path (issue 41): GET /api/user/checkin?month= and POST /api/user/checkin,
// answered as new-api's controller/checkin.go does, called the way the all-api-hub extension calls
// them (qixing-jk/all-api-hub, providers/newApi*.ts: Authorization: Bearer <system access token>,
// New-Api-User, POST body "{}", readback of data.stats.checked_in_today / data.enabled /
// data.stats.records). The specification's /api/user/check_in stays (me.engine.test.ts).
import * as checkinRoute from "@/app/api/user/checkin/route";
import * as tokenRoute from "@/app/api/user/token/route";
import { db } from "@/lib/server/db";
import { serverLocalDate } from "@/modules/profile/server/check-in-rules";
import { call, setOptions, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { createVerifiedUser } from "@/test-support/api/security-support";

setupApiHarness();

const zh = { "accept-language": "zh-CN" };
type Month = {
  enabled: boolean;
  min_quota: number;
  max_quota: number;
  stats: {
    total_quota: number;
    total_checkins: number;
    checkin_count: number;
    checked_in_today: boolean;
    records: { checkin_date: string; quota_awarded: number }[];
  };
};

/** A user with a system access token, and all-api-hub's two calls with it. */
async function extensionUser() {
  // A new system access token needs a fresh secure verification of the session (docs/security.md).
  const me = await createVerifiedUser({ quota: 0 });
  const token = (await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie })).json.data;
  const headers = { ...zh, authorization: `Bearer ${token}`, "new-api-user": String(me.id) };
  return {
    ...me,
    status: (month?: string) =>
      call<Month>(checkinRoute, "GET", `/api/user/checkin${month ? `?month=${month}` : ""}`, { headers }),
    checkIn: () =>
      call<{ quota_awarded: number; checkin_date: string }>(checkinRoute, "POST", "/api/user/checkin", {
        headers,
        body: {},
      }),
  };
}

beforeAll(async () => {
  await setupRoot();
});

test("not enabled: both answer new-api's 200 {success:false, 签到功能未启用} and nothing is credited", async () => {
  await setOptions({ CheckInEnabled: "false" });
  const me = await extensionUser();
  for (const res of [await me.status(), await me.checkIn()]) {
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: false, message: "签到功能未启用" });
  }
  expect(await db().checkIn.count({ where: { userId: me.id } })).toBe(0);
});

test("all-api-hub's flow: status, check in, status again, the repeat answered 今日已签到 with 200", async () => {
  await setOptions({ CheckInEnabled: "true", CheckInQuota: "1000", CheckInMaxQuota: "0" });
  const me = await extensionUser();
  const month = serverLocalDate().slice(0, 7);
  const before = await me.status(month);
  expect(before.json).toMatchObject({ success: true });
  expect(before.json.data).toEqual({
    enabled: true,
    min_quota: 1000,
    max_quota: 1000,
    stats: { total_quota: 0, total_checkins: 0, checkin_count: 0, checked_in_today: false, records: [] },
  });

  const done = await me.checkIn();
  expect(done.status).toBe(200);
  expect(done.json).toEqual({
    success: true,
    message: "签到成功",
    data: { quota_awarded: 1000, checkin_date: serverLocalDate() },
  });
  expect((await db().user.findUniqueOrThrow({ where: { id: me.id } })).quota).toBe(1000n);

  const again = await me.checkIn();
  expect(again.status).toBe(200);
  expect(again.json).toEqual({ success: false, message: "今日已签到" });

  const after = await me.status();
  expect(after.json.data.stats).toEqual({
    total_quota: 1000,
    total_checkins: 1,
    checkin_count: 1,
    checked_in_today: true,
    records: [{ checkin_date: serverLocalDate(), quota_awarded: 1000 }],
  });
});

test("a month holds only its own records, newest first; the totals span every month", async () => {
  await setOptions({ CheckInEnabled: "true" });
  const me = await extensionUser();
  for (const [date, quota] of [
    ["2026-01-05", 10],
    ["2026-01-20", 20],
    ["2025-12-31", 5],
  ] as const)
    await db().checkIn.create({
      data: { userId: me.id, checkinDate: date, quotaAwarded: BigInt(quota), createdAt: 0 },
    });
  const jan = (await me.status("2026-01")).json.data.stats;
  expect(jan.records).toEqual([
    { checkin_date: "2026-01-20", quota_awarded: 20 },
    { checkin_date: "2026-01-05", quota_awarded: 10 },
  ]);
  expect(jan).toMatchObject({ checkin_count: 2, total_checkins: 3, total_quota: 35 });
});

test("a month not written YYYY-MM is a 400; callers without a session or token get 401", async () => {
  await setOptions({ CheckInEnabled: "true" });
  const me = await extensionUser();
  for (const month of ["2026-13", "2026-1", "26-01", "2026-01-01", "x".repeat(5000)]) {
    const res = await me.status(encodeURIComponent(month));
    expect({ month, status: res.status, success: res.json.success }).toEqual({ month, status: 400, success: false });
  }
  expect((await call(checkinRoute, "GET", "/api/user/checkin")).status).toBe(401);
  expect((await call(checkinRoute, "POST", "/api/user/checkin", { body: {} })).status).toBe(401);
});
