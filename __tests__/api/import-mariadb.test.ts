// npm run import:new-api from MySQL/MariaDB (issue 39), new-api's most common deployment: Debian's
// mariadb-server started by the test, the new-api and one-api fixtures written with gorm's MySQL
// column types (JSON columns, DATETIME(3) soft deletes, bigint ids, decimal prices), imported into this
// test's database; a wrong password in the DSN is one line and exit 1.
import { db } from "@/lib/server/db";
import { open, sha256Hex } from "@/lib/server/crypto/secret-box";
import { setupApiHarness } from "@/test-support/api/harness";
import { startMariadb, type TestMariadb } from "@/test-support/mariadb-server";
import { createMysqlFixture, FIXTURE, SUBSCRIPTIONS } from "../import/new-api-fixture";
import { counts, runCommand } from "../import/import-support";

const harness = setupApiHarness();
let maria: TestMariadb;

beforeAll(async () => {
  maria = await startMariadb();
  for (const [database, product] of [
    ["newapi", "new-api"],
    ["oneapi", "one-api"],
  ] as const) {
    const conn = await maria.connect(database);
    await createMysqlFixture(conn, { product });
    await conn.end();
  }
}, 120_000);
afterAll(async () => maria?.stop());

test("a wrong password in the DSN: one line, exit 1, nothing written", async () => {
  const before = counts(harness.databaseUrl.replace(/^file:/, ""));
  const r = await runCommand(["--from", maria.url("newapi", "wrong")]);
  expect(r.code).toBe(1);
  expect(r.err).toEqual([
    `The database at mysql://newapi:***@127.0.0.1:${maria.port}/newapi refused the login: wrong user name or password`,
  ]);
  const zh = await runCommand(["--from", maria.url("newapi", "wrong")], "zh");
  expect(zh.err).toEqual([`mysql://newapi:***@127.0.0.1:${maria.port}/newapi 的数据库拒绝登录：用户名或密码错误`]);
  expect(counts(harness.databaseUrl.replace(/^file:/, ""))).toEqual(before);
});

test("the one-api database on MariaDB is recognised (dry run)", async () => {
  const r = await runCommand(["--from", maria.url("oneapi"), "--dry-run"]);
  expect(r.code).toBe(0);
  expect(r.out.join("\n")).toContain("schema:  one-api (tokens.subnet)");
  expect(r.out.join("\n")).toMatch(/^logs\s+100\s+100\s+0\s/m);
});

test("the new-api database on MariaDB comes across with the same meaning", async () => {
  const r = await runCommand(["--from", maria.url("newapi")]);
  expect(r.err).toEqual([]);
  expect(r.out.join("\n")).toContain("schema:  new-api >= 0.9 (users.auth_version)");
  const users = await db().user.findMany({ orderBy: { id: "asc" } });
  expect(users.map((u) => [u.id, u.username, u.quota])).toEqual([
    [1, "root", 100_000_000n],
    [2, "alice", 5_000_000n],
    [3, "bob", 1_000n],
    [4, "carol", 7_000n],
    [6, "dave", 250_000n],
  ]);
  expect(users[3]!.deletedAt).toEqual(new Date("2026-10-01T10:00:00.000Z"));
  const token = await db().token.findUniqueOrThrow({ where: { keyHash: sha256Hex(FIXTURE.aliceKey) } });
  expect(open(token.keyCipher)).toBe(FIXTURE.aliceKey);
  const multi = await db().channel.findUniqueOrThrow({ where: { id: 2 } });
  // channel_info is a JSON column: mysql2 hands it over parsed; it is stored as the same JSON text.
  expect(JSON.parse(multi.channelInfo)).toMatchObject({ is_multi_key: true, multi_key_mode: "polling" });
  expect(await db().log.count()).toBe(100);
  expect(await db().log.count({ where: { isStream: true } })).toBe(50);
  expect((await db().task.findUniqueOrThrow({ where: { id: 1 } })).tokenId).toBe(1);
  // price_amount is decimal(10,6) there (mysql2 hands over "9.900000"); the *bool columns boolean or NULL
  const plans = await db().subscriptionPlan.findMany({ orderBy: { id: "asc" } });
  expect(plans.map((p) => [p.priceAmount, p.allowBalancePay, p.allowWalletOverflow, p.totalAmount])).toEqual([
    [9.9, null, true, 2_000_000n],
    [1.5, false, false, 100_000n],
  ]);
  const subs = await db().userSubscription.findMany({ orderBy: { id: "asc" } });
  expect(subs.map((x) => [x.id, x.status, x.amountUsed, x.allowWalletOverflow])).toEqual([
    [SUBSCRIPTIONS.active.id, "active", BigInt(SUBSCRIPTIONS.active.used), true],
    [2, "expired", 100_000n, false],
    [4, "cancelled", 0n, true],
  ]);
  expect((await db().subscriptionOrder.findMany()).map((o) => o.status).sort()).toEqual([
    "pending",
    "success",
    "success",
  ]);
});
