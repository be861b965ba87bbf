// npm run import:new-api (issue 39): the new-api fixture (written from new-api's gorm models) into
// this test's fresh database, then what an operator relies on: ids, soft deletes, keys hashed and
// sealed, channels of types we do not relay kept disabled with the reason, codes mapped, old
// passwords logging in, the unused code redeeming once, subscription plans, users' subscriptions and
// plan orders field by field (those of a deleted user skipped with the reason), new ids above the
// imported ones, and a second run refused.
import { db } from "@/lib/server/db";
import { open, sha256Hex } from "@/lib/server/crypto/secret-box";
import { invalidateOptionsCache } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import * as loginRoute from "@/app/api/user/login/route";
import { call, createUser, login, setupApiHarness } from "@/test-support/api/harness";
import { redeem } from "@/test-support/api/redemptions-support";
import { FIXTURE, SUBSCRIPTIONS } from "../import/new-api-fixture";
import { counts, fixtureFile, runCommand, tempDir } from "../import/import-support";

const harness = setupApiHarness();
let source = "";
let first: Awaited<ReturnType<typeof runCommand>>;

beforeAll(async () => {
  source = fixtureFile(tempDir());
  first = await runCommand(["--from", source]);
  invalidateOptionsCache();
});

const targetFile = () => harness.databaseUrl.replace(/^file:/, "");

test("the report names the schema and every table, and the run exits 0", () => {
  expect(first.err).toEqual([]);
  expect(first.code).toBe(0);
  const text = first.out.join("\n");
  expect(text).toContain("schema:  new-api >= 0.9 (users.auth_version)");
  expect(text).toMatch(/^users\s+5\s+5\s+0\s/m);
  expect(text).toMatch(/^logs\s+100\s+100\s+0\s/m);
  for (const key of FIXTURE.unknownOptions) expect(text).toContain(`unknown option kept as it is: ${key}`);
  expect(text).toContain("Import finished");
});

test("users keep ids, quotas, roles and soft deletes; the access token is stored hashed", async () => {
  const users = await db().user.findMany({ orderBy: { id: "asc" } });
  expect(users.map((u) => u.id)).toEqual([1, 2, 3, 4, 6]);
  const [root, alice, bob, carol, dave] = users;
  expect(root).toMatchObject({
    username: "root",
    role: 100,
    quota: 100_000_000n,
    accessTokenHash: sha256Hex(FIXTURE.accessToken),
  });
  expect(alice).toMatchObject({
    quota: 5_000_000n,
    usedQuota: 120_000n,
    requestCount: 42,
    githubId: "9001",
    affCode: "aff2",
  });
  expect(bob!.status).toBe(2);
  expect(carol!.deletedAt).toEqual(new Date("2026-10-01T10:00:00.000Z"));
  expect(dave).toMatchObject({ group: "vip", inviterId: 2, linuxDoId: "ld-6" });
  expect(JSON.parse(dave!.setting)).toEqual({ notify_type: "email", quota_warning_threshold: 100000 });
});

test("token keys are found by their hash and sealed at rest; limits, expiry and deletes come across", async () => {
  const alice = await db().token.findUniqueOrThrow({ where: { keyHash: sha256Hex(FIXTURE.aliceLimitedKey) } });
  expect(alice).toMatchObject({
    id: 2,
    userId: 2,
    remainQuota: 900_000n,
    modelLimitsEnabled: true,
    modelLimits: "gpt-4o-mini,gpt-4o",
  });
  expect(alice.allowIps).toBe("10.1.2.3\n10.8.0.0/16");
  expect(alice.keyCipher).toMatch(/^v1:/);
  expect(open(alice.keyCipher)).toBe(FIXTURE.aliceLimitedKey);
  const carol = await db().token.findUniqueOrThrow({ where: { id: 4 } });
  expect(carol.deletedAt).not.toBeNull();
  expect(carol.status).toBe(2);
  expect((await db().token.findUniqueOrThrow({ where: { id: 5 } })).status).toBe(3);
});

test("channels: keys sealed, multi-key state kept, types we do not relay imported disabled with the reason", async () => {
  const channels = await db().channel.findMany({ orderBy: { id: "asc" } });
  expect(channels.map((c) => [c.id, c.type, c.status])).toEqual([
    [1, 1, 1],
    [2, 1, 1],
    [3, 58, 2],
    [4, 15, 2],
    [5, 14, 3],
  ]);
  expect(open(channels[0]!.key)).toBe("sk-upstream-1");
  expect(JSON.parse(channels[0]!.modelMapping)).toEqual({ "gpt-4o": "gpt-4o-mini" });
  expect(open(channels[1]!.key)).toBe("sk-multi-a\nsk-multi-b\nsk-multi-c");
  expect(JSON.parse(channels[1]!.channelInfo)).toMatchObject({ is_multi_key: true, multi_key_status_list: { 1: 2 } });
  expect(JSON.parse(channels[2]!.otherInfo).status_reason).toBe(
    "imported from new-api: channel type 58 is not relayed by this gateway",
  );
  expect(JSON.parse(channels[4]!.otherInfo).status_reason).toBe("429 rate limited");
  const disabledAbilities = await db().ability.count({ where: { channelId: { in: [3, 4] }, enabled: true } });
  expect(disabledAbilities).toBe(0);
});

test("log types are mapped, never copied: new-api's 5 (error) is our 6, its 6 (refund) our 7", async () => {
  const byType = await db().log.groupBy({ by: ["type"], _count: { _all: true } });
  const types = new Set(byType.map((r) => r.type));
  expect(types).toEqual(new Set([LOG_TYPE.topup, LOG_TYPE.consume, LOG_TYPE.manage, LOG_TYPE.error, LOG_TYPE.refund]));
  expect(await db().log.count({ where: { type: LOG_TYPE.checkin } })).toBe(0);
  // Two of the three source rows fall in one of our buckets (same user, model, hour): summed.
  expect(await db().quotaData.count()).toBe(2);
  const mini = await db().quotaData.findFirstOrThrow({ where: { modelName: "gpt-4o-mini" } });
  expect(mini).toMatchObject({ count: 15, quota: 15_000n, tokenUsed: 1_500n });
});

test("subscription plans come across column for column (money as it is, new-api's unset *bool stays unset)", async () => {
  const plans = await db().subscriptionPlan.findMany({ orderBy: { id: "asc" } });
  const times = { createdAt: expect.any(Number), updatedAt: expect.any(Number) };
  expect(plans).toHaveLength(2);
  expect(plans[0]).toEqual({
    id: 1,
    title: SUBSCRIPTIONS.planTitle,
    subtitle: "2M quota a week",
    priceAmount: 9.9,
    currency: "USD",
    durationUnit: "month",
    durationValue: 1,
    customSeconds: 0n,
    enabled: true,
    sortOrder: 10,
    allowBalancePay: null,
    allowWalletOverflow: true,
    stripePriceId: "price_1ProMonthly",
    creemProductId: "",
    maxPurchasePerUser: 0,
    upgradeGroup: "",
    downgradeGroup: "",
    totalAmount: 2_000_000n,
    quotaResetPeriod: "weekly",
    quotaResetCustomSeconds: 0n,
    ...times,
  });
  expect(plans[1]).toMatchObject({
    id: 2,
    title: "Legacy Basic",
    priceAmount: 1.5,
    durationUnit: "day",
    durationValue: 7,
    enabled: false,
    allowBalancePay: false,
    allowWalletOverflow: false,
    creemProductId: "prod_creem_basic",
    maxPurchasePerUser: 1,
    upgradeGroup: "vip",
    downgradeGroup: "default",
    totalAmount: 100_000n,
    quotaResetPeriod: "custom",
    quotaResetCustomSeconds: 86_400n,
  });
  expect(plans[0]!.updatedAt - plans[0]!.createdAt).toBe(50 * 86_400);
  const text = first.out.join("\n");
  expect(text).toMatch(/^subscription_plans\s+2\s+2\s+0\s/m);
  expect(text).toContain("note: waffo_pancake_product_id dropped (no Waffo payments here)");
});

test("users' subscriptions keep ids, quota used, periods and statuses; the deleted user's is skipped with the reason", async () => {
  const subs = await db().userSubscription.findMany({ orderBy: { id: "asc" } });
  expect(subs.map((s) => [s.id, s.userId, s.planId, s.status, s.source])).toEqual([
    [1, 2, 1, "active", "order"],
    [2, 2, 2, "expired", "admin"],
    [4, 3, 1, "cancelled", "balance"],
  ]);
  const [active, expired, cancelled] = subs;
  const { createdAt, startTime, endTime, lastResetTime, nextResetTime, updatedAt } = active!;
  // the fixture's times are relative to its `now`: the spans between them are what it wrote
  expect([endTime - startTime, nextResetTime - lastResetTime, BigInt(updatedAt - createdAt)]).toEqual([
    30n * 86_400n,
    7n * 86_400n,
    7n * 86_400n,
  ]);
  expect(BigInt(createdAt)).toBe(startTime);
  expect(active).toMatchObject({
    amountTotal: BigInt(SUBSCRIPTIONS.active.total),
    amountUsed: BigInt(SUBSCRIPTIONS.active.used),
    upgradeGroup: "",
    prevUserGroup: "",
    downgradeGroup: "",
    allowWalletOverflow: true,
    quotaEpoch: 0,
  });
  expect(Number(nextResetTime)).toBeGreaterThan(Date.now() / 1000);
  expect(expired).toMatchObject({
    amountTotal: 100_000n,
    amountUsed: 100_000n,
    nextResetTime: 0n,
    upgradeGroup: "vip",
    prevUserGroup: "default",
    downgradeGroup: "default",
    allowWalletOverflow: false,
    quotaEpoch: 0,
  });
  expect(expired!.endTime - expired!.startTime).toBe(7n * 86_400n);
  // a row older than new-api's allow_wallet_overflow column (NULL): the wallet may pay on, as there
  expect(cancelled!.allowWalletOverflow).toBe(true);
  const text = first.out.join("\n");
  expect(text).toMatch(/^user_subscriptions\s+4\s+3\s+1\s/m);
  expect(text).toContain(
    `skipped: subscription ${SUBSCRIPTIONS.skippedSubscription}: its user 4 was not imported or is deleted`,
  );
});

test("plan orders keep trade numbers, money, providers and states; the deleted user's is skipped; in-flight records are counted, not imported", async () => {
  const orders = await db().subscriptionOrder.findMany({ orderBy: { id: "asc" } });
  const columns = (o: (typeof orders)[number]) => [
    [o.id, o.userId, o.planId, o.money, o.tradeNo],
    [o.paymentMethod, o.paymentProvider, o.status, o.providerPayload, o.completeTime > 0],
  ];
  expect(orders.map(columns)).toEqual([
    [
      [1, 2, 1, 9.9, "SUBUSR2NOa1b2c3"],
      ["alipay", "epay", "success", "trade_status=TRADE_SUCCESS", true],
    ],
    [
      [2, 2, 1, 9.9, "SUBUSR2NOd4e5f6"],
      ["stripe", "stripe", "pending", "", false],
    ],
    [
      [4, 3, 1, 9.9, "SUBBALUSR3NOj1k2l3"],
      ["balance", "balance", "success", "charged_quota=4950000", true],
    ],
  ]);
  expect(orders[0]!.completeTime).toBe(orders[0]!.createTime);
  const text = first.out.join("\n");
  expect(text).toMatch(/^subscription_orders\s+4\s+3\s+1\s/m);
  expect(text).toContain(
    `skipped: subscription order ${SUBSCRIPTIONS.skippedOrder}: its user 4 was not imported or is deleted`,
  );
  expect(text).toContain("note: a pending stripe order stays pending (no such payments here: it cannot complete)");
  expect(text).toMatch(/not imported[^\n]*\n\s+subscription_pre_consume_records: 1 rows/);
});

test("an imported user logs in with the old password; the disabled and the soft-deleted do not", async () => {
  await login("alice", FIXTURE.passwords.alice);
  await login("root", FIXTURE.passwords.root);
  for (const [username, password] of [
    ["bob", FIXTURE.passwords.bob],
    ["carol", FIXTURE.passwords.carol],
    ["alice", "wrong-pass-1"],
  ]) {
    const res = await call(loginRoute, "POST", "/api/user/login", { body: { username, password } });
    expect(res.json.success).toBe(false);
  }
});

test("the unused code redeems once; the used one is refused", async () => {
  const cookie = await login("alice", FIXTURE.passwords.alice);
  const before = (await db().user.findUniqueOrThrow({ where: { id: 2 } })).quota;
  expect((await redeem(cookie, FIXTURE.unusedCode)).json.success).toBe(true);
  expect((await db().user.findUniqueOrThrow({ where: { id: 2 } })).quota).toBe(before + 300_000n);
  expect((await redeem(cookie, FIXTURE.unusedCode)).json.success).toBe(false);
  expect((await redeem(cookie, FIXTURE.usedCode)).json.success).toBe(false);
  expect(await db().redemptionUse.count({ where: { redemptionId: 2, userId: 2 } })).toBe(1);
});

test("a new account gets an id above every imported one (the soft-deleted 4 and the gap 5 are never reused)", async () => {
  const user = await createUser();
  expect(user.id).toBe(7);
  // the same for plans, subscriptions and orders (the logs' subscription_id names the old ones)
  const plan = await db().subscriptionPlan.create({ data: { title: "new" } });
  expect(plan.id).toBe(3);
  const sub = await db().userSubscription.create({ data: { userId: user.id, planId: plan.id } });
  expect(sub.id).toBe(5);
  const order = await db().subscriptionOrder.create({ data: { userId: user.id, planId: plan.id, tradeNo: "new-1" } });
  expect(order.id).toBe(5);
});

test("a second run is refused with one line and changes nothing", async () => {
  const before = counts(targetFile());
  const again = await runCommand(["--from", source]);
  expect(again.code).toBe(1);
  expect(again.err).toEqual([
    "This gateway is already set up: the import runs only into a fresh installation. Nothing was changed",
  ]);
  const zh = await runCommand(["--from", source], "zh");
  expect(zh.err).toEqual(["本网关已完成初始化：只能导入到全新安装中。未做任何更改"]);
  expect(counts(targetFile())).toEqual(before);
});

test("--dry-run reads and validates everything, prints the report and writes nothing", async () => {
  const before = counts(targetFile());
  const dry = await runCommand(["--from", source, "--dry-run", "--logs", "3"]);
  expect(dry.code).toBe(0);
  expect(dry.out.join("\n")).toContain("(dry run: nothing written)");
  // The fixture's logs are an hour apart, the newest half an hour old: the last 3 days hold 72.
  expect(dry.out.join("\n")).toMatch(/^logs\s+72\s+72\s+0\s/m);
  expect(counts(targetFile())).toEqual(before);
});
