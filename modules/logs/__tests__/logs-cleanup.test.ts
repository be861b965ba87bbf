// DELETE /api/log/?target_timestamp= (root): removes the logs created before the moment, keeps the
// rest, answers the count; admins and users are refused and nothing is removed; bad timestamps 400.
import * as listRoute from "@/app/api/log/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { call, createUserAndLogin, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";

setupApiHarness();

let rootCookie = "";
const now = Math.floor(Date.now() / 1000);
const DAY = 86_400;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  await db().log.createMany({
    data: [40, 35, 31, 10, 1].map((days) => ({
      createdAt: now - days * DAY,
      type: 2,
      userId: 1,
      username: "root",
      content: `${days} days old`,
    })),
  });
});

const remaining = async () =>
  (await db().log.findMany({ select: { content: true }, orderBy: { createdAt: "asc" } })).map((r) => r.content);

test("admins and users are refused and nothing is removed", async () => {
  const admin = await createUserAndLogin({ username: "cleanup-admin", role: ROLE.admin });
  const user = await createUserAndLogin({ username: "cleanup-user" });
  for (const cookie of [admin.cookie, user.cookie]) {
    const res = await call(listRoute, "DELETE", `/api/log/?target_timestamp=${now}`, { cookie });
    expect(res.status).toBe(403);
    expect(res.json.success).toBe(false);
  }
  expect(await remaining()).toHaveLength(5);
});

test.each(["", "abc", "-5", "1.5"])("target_timestamp=%j is refused with a clear message", async (v) => {
  const res = await call(listRoute, "DELETE", `/api/log/?target_timestamp=${v}`, { cookie: rootCookie });
  expect(res.status).toBe(400);
  expect(res.json.message).toBe("请提供有效的时间戳（target_timestamp，单位秒）");
  expect(await remaining()).toHaveLength(5);
});

test("root removes the logs older than the moment and gets the count", async () => {
  const res = await call<number>(listRoute, "DELETE", `/api/log/?target_timestamp=${now - 30 * DAY}`, {
    cookie: rootCookie,
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, data: 3 });
  expect(await remaining()).toEqual(["10 days old", "1 days old"]);
  const again = await call<number>(listRoute, "DELETE", `/api/log/?target_timestamp=${now - 30 * DAY}`, {
    cookie: rootCookie,
  });
  expect(again.json.data).toBe(0);
});
