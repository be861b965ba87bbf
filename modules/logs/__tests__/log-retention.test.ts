// Option LogRetentionDays (issue 8): default 0 (keep forever); only root may set it (issue 17); anything
// but a whole number ≥ 0 is refused with its own message (zh/en) and nothing is stored; and the
// hourly retention pass (applyLogRetention, run by the cluster's job holder) removes exactly the logs
// older than now − N days, nothing at 0.
import * as optionRoute from "@/app/api/option/route";
import { db } from "@/lib/server/db";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import { applyLogRetention } from "@/modules/logs/server/usage/apply-log-retention";
import { call, setupApiHarness } from "@/test-support/api/harness";
import { signInEveryRole } from "@/test-support/api/roles-support";

setupApiHarness();

const KEY = "LogRetentionDays";
const DAY = 86_400;
let rootCookie = "";
let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  ({ rootCookie, adminCookie, userCookie } = await signInEveryRole());
});

const put = (value: unknown, cookie: string, headers?: Record<string, string>) =>
  call(optionRoute, "PUT", "/api/option/", { cookie, body: { key: KEY, value }, headers });
async function stored(): Promise<string | undefined> {
  const res = await call<{ key: string; value: string }[]>(optionRoute, "GET", "/api/option/", { cookie: rootCookie });
  return res.json.data.find((e) => e.key === KEY)?.value;
}

test("defaults to 0 (keep forever)", async () => {
  expect(await stored()).toBe("0");
});

test("visitors and ordinary users cannot change it", async () => {
  expect((await put("7", "")).status).toBe(401);
  expect((await put("7", userCookie)).status).toBe(403);
  expect(await stored()).toBe("0");
});

test("root sets it; the value is stored as given; an admin may not (it erases the audit trail)", async () => {
  const refused = await put("1", adminCookie);
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe(serverMessage("zh", "option_root_only", { key: "LogRetentionDays" }));
  expect(await stored()).toBe("0");
  expect((await put("30", rootCookie)).status).toBe(200);
  expect(await stored()).toBe("30");
  expect((await put(90, rootCookie)).status).toBe(200);
  expect(await stored()).toBe("90");
  expect((await put("0", rootCookie)).status).toBe(200);
  expect(await stored()).toBe("0");
});

test.each(["-1", "1.5", "abc", "", " "])("%j is refused with a clear message and nothing is stored", async (value) => {
  await put("14", rootCookie);
  const res = await put(value, rootCookie);
  expect(res.status).toBe(400);
  expect(res.json.success).toBe(false);
  expect(res.json.message).toBe("日志保留天数必须是不小于 0 的整数（0 表示永久保留）");
  expect(res.json.message).toBe(serverMessage("zh", "option_log_retention_min"));
  expect(await stored()).toBe("14");
});

test("English callers get the English message", async () => {
  const res = await put("-3", rootCookie, { "accept-language": "en-US,en" });
  expect(res.status).toBe(400);
  expect(res.json.message).toBe("Log retention must be a whole number of days, 0 or more (0 keeps logs forever)");
});

describe("the retention pass", () => {
  const now = Date.now();
  const nowS = Math.floor(now / 1000);
  beforeEach(async () => {
    await db().log.deleteMany({});
    await db().log.createMany({
      data: [40, 8, 7.5, 6.9, 1, 0].map((days) => ({
        createdAt: Math.floor(nowS - days * DAY),
        type: 2,
        userId: 1,
        username: "root",
        content: `${days} days old`,
      })),
    });
  });
  const remaining = async () =>
    // type 2 only: setting the option itself writes a (fresh) audit log of type 3
    (await db().log.findMany({ where: { type: 2 }, select: { content: true }, orderBy: { createdAt: "asc" } })).map(
      (r) => r.content,
    );

  test("0 keeps every log", async () => {
    expect((await put("0", rootCookie)).status).toBe(200);
    expect(await applyLogRetention(now)).toBe(0);
    expect(await remaining()).toHaveLength(6);
  });

  test("N days removes exactly the logs older than now − N days", async () => {
    expect((await put("7", rootCookie)).status).toBe(200);
    expect(await applyLogRetention(now)).toBe(3);
    expect(await remaining()).toEqual(["6.9 days old", "1 days old", "0 days old"]);
    expect(await applyLogRetention(now)).toBe(0); // nothing left to remove
  });
});
