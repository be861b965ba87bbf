// npm run import:new-api (issue 39) as an operator runs it (the npm script: migrate, import), then the
// production server on the imported database: the old password logs in, the old key relays through
// the imported channel to the upstream and is billed to its user and token at the imported ratios
// (Σ logs == ledger), paid by the user's imported subscription plan (issue 41), an imported code
// redeems once, the console shows channels, tokens, logs and the dashboard's quota data; a user's
// second factors keep working (a TOTP code from the old secret, a backup code once, the passkey
// signing in). With TEST_DATABASE_URL both ends are PostgreSQL: the source is the fixture as gorm's
// postgres driver creates it (the PostgreSQL reader), the target the gateway's.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { copySqliteTemplate, createPostgresFromTemplate, dropPostgresDatabase } from "@/test-support/db-template";
import { createPostgresFixture, createSqliteFixture, FIXTURE, SUBSCRIPTIONS } from "../import/new-api-fixture";
import pg from "pg";
import { createHmac } from "node:crypto";
import { SoftAuthenticator } from "@/test-support/api/webauthn-support";

const ROOT = path.resolve(__dirname, "../..");
const pgBase = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "") ? process.env.TEST_DATABASE_URL! : null;
const pgName = `import_${Date.now()}`;
const pgSource = `${pgName}_source`;
let gw: Gateway;
let up: MockUpstream;
let report = "";
// dave's passkey, registered with new-api before the move: its credential id and COSE key are in the fixture
const daveAuth = new SoftAuthenticator(6);
const passkey = { credentialId: daveAuth.credentialId, publicKey: daveAuth.cosePublicKey };
const SITE = { origin: "https://gate.example", rpId: "gate.example" };

/** RFC 6238 (SHA-1, 6 digits, 30 s) of a base32 secret: what dave's authenticator app shows now. */
function totp(secret: string): string {
  let bits = "";
  for (const c of secret.replace(/=+$/, ""))
    bits += "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(c).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac("sha1", key).update(counter).digest();
  const at = mac[19]! & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(";")[0];
const post = (p: string, body: unknown, cookie = "") =>
  fetch(`${gw.url}${p}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify(body),
  });

const chat = (key: string, model: string) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer sk-${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] }),
  });

beforeAll(async () => {
  up = await startMockUpstream();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-import-"));
  let source = path.join(dataDir, "new-api.db");
  let databaseUrl: string | undefined;
  if (pgBase) {
    databaseUrl = await createPostgresFromTemplate(pgBase, pgName);
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${pgSource}"`);
    await admin.end();
    const u = new URL(pgBase);
    u.pathname = `/${pgSource}`;
    source = u.toString();
    const client = new pg.Client({ connectionString: source });
    await client.connect();
    await createPostgresFixture(client, { baseUrl: up.url, passkey });
    await client.end();
  } else {
    createSqliteFixture(source, { baseUrl: up.url, passkey });
    await copySqliteTemplate(path.join(dataDir, "gateway.db"));
  }
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "production" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const npmScript = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts["import:new-api"];
  const [, ...nodeArgs] = String(npmScript).split(" ");
  const run = await promisify(execFile)(process.execPath, [...nodeArgs, "--from", source], {
    cwd: ROOT,
    env,
    timeout: 120_000,
  });
  report = run.stdout;
  gw = await startGateway({ dataDir, databaseUrl });
  const root = await gw.api("POST", "/api/user/login", { username: "root", password: FIXTURE.passwords.root });
  if (!root.json.success) throw new Error(`root login failed: ${root.json.message}`);
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
  if (pgBase) for (const name of [pgName, pgSource]) await dropPostgresDatabase(pgBase, name);
});

test("the npm script prints the report and finishes", () => {
  expect(report).toContain("schema:  new-api >= 0.9 (users.auth_version)");
  expect(report).toMatch(/^tokens\s+5\s+5\s+0\s/m);
  expect(report).toContain("Import finished");
  expect(report).toContain(pgBase ? `source:  postgres://` : "source:  /");
});

test("a new account and a new plan get ids above every imported one", async () => {
  expect((await gw.createUser("newcomer")).id).toBe(7);
  const plan = await gw.api<{ id: number }>("POST", "/api/subscription/admin/plans", {
    plan: { title: "After the move", price_amount: 1, duration_unit: "day", duration_value: 1 },
  });
  expect(plan.json.data.id).toBe(3);
});

test("an imported user logs in with the old password", async () => {
  const r = await fetch(`${gw.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "alice", password: FIXTURE.passwords.alice }),
  });
  const body = (await r.json()) as { success: boolean; data: { id: number } };
  expect(body.success).toBe(true);
  expect(body.data.id).toBe(2);
});

test("the old key relays through the imported channel at the imported ratios, paid by the imported subscription", async () => {
  const { active } = SUBSCRIPTIONS;
  const balances = async () =>
    (
      await gw.sql<{ wallet: number; u: number; t: number; spent: number }>(
        `select (select quota from users where id = 2) wallet, (select usedQuota from users where id = 2) u,
        (select usedQuota from tokens where id = 1) t, (select amountUsed from user_subscriptions where id = ?) spent`,
        active.id,
      )
    )[0]!;
  const before = await balances();
  expect(Number(before.spent)).toBe(active.used);
  const r = await chat(FIXTURE.aliceKey, FIXTURE.pricedModel);
  expect(r.status).toBe(200);
  const sent = up.requests.at(-1)!;
  expect(sent.headers.authorization).toBe("Bearer sk-upstream-1");
  expect(sent.body.model).toBe(FIXTURE.pricedModel);
  await gw.settle();
  const logs = await gw.sql<{ quota: number; tokenId: number; channelId: number; other: string }>(
    "select quota, tokenId, channelId, other from logs where id > 100 and type = 2 and userId = 2",
  );
  expect(logs.map(({ other: _o, ...l }) => l)).toEqual([{ quota: 90, tokenId: 1, channelId: 1 }]);
  expect(JSON.parse(logs[0]!.other)).toMatchObject({
    billing_source: "subscription",
    subscription_id: active.id,
    subscription_plan_id: active.planId,
    subscription_plan_title: SUBSCRIPTIONS.planTitle,
    subscription_consumed: 90,
    subscription_total: active.total,
    wallet_quota_deducted: 0,
  });
  const after = await balances();
  expect(Number(after.wallet)).toBe(Number(before.wallet));
  expect(Number(after.spent) - Number(before.spent)).toBe(90);
  expect(Number(after.u) - Number(before.u)).toBe(90);
  expect(Number(after.t) - Number(before.t)).toBe(90);
});

test("the allow-list, the soft delete and the expiry of imported tokens still hold", async () => {
  expect((await chat(FIXTURE.aliceLimitedKey, "gpt-4o")).status).toBe(403);
  expect((await chat(FIXTURE.carolKey, "gpt-4o-mini")).status).toBe(401);
  expect((await chat(FIXTURE.daveExpiredKey, "gpt-4o-mini")).status).toBe(401);
});

test("an imported redemption code redeems once", async () => {
  const login = await fetch(`${gw.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "alice", password: FIXTURE.passwords.alice }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const redeem = async () => {
    const r = await fetch(`${gw.url}/api/user/topup`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "new-api-user": "2" },
      body: JSON.stringify({ key: FIXTURE.unusedCode }),
    });
    return ((await r.json()) as { success: boolean }).success;
  };
  expect(await redeem()).toBe(true);
  expect(await redeem()).toBe(false);
});

test("the console shows the imported channels, tokens, logs and the dashboard's quota data", async () => {
  const channels = JSON.stringify((await gw.api("GET", "/api/channel/?p=1&page_size=50")).json.data);
  for (const name of ["openai-main", "openai-multi", "advanced-custom", "baidu-old", "claude"])
    expect(channels).toContain(name);
  expect(channels).toContain("channel type 58 is not relayed by this gateway");
  expect(channels).not.toContain("sk-upstream-1");
  const tokens = await gw.api<unknown>("GET", "/api/token/?p=1&page_size=50");
  expect(tokens.json.success).toBe(true);
  const logs = await gw.api<{ total: number }>("GET", "/api/log/?p=1&page_size=10&type=0");
  expect(logs.json.data.total).toBeGreaterThanOrEqual(100);
  const now = Math.floor(Date.now() / 1000);
  const data = await gw.api<Array<{ model_name: string; quota: number }>>(
    "GET",
    `/api/data/?start_timestamp=${now - 7 * 86_400}&end_timestamp=${now}`,
  );
  expect(data.json.data.find((d) => d.model_name === "gpt-4o")?.quota).toBe(30_000);
  // new-api's two rows of one bucket (a renamed user), summed into one on either engine.
  expect(data.json.data.filter((d) => d.model_name === "gpt-4o-mini").map((d) => d.quota)).toEqual([15_000]);
});

test("the multi-key channel relays with its enabled keys only (key 1 came across disabled)", async () => {
  const off = await gw.api("PUT", "/api/channel/", { id: 1, status: 2 });
  expect(off.json.success).toBe(true);
  const before = up.requests.length;
  for (let i = 0; i < 4; i++) expect((await chat(FIXTURE.aliceKey, "gpt-4o-mini")).status).toBe(200);
  const keys = up.requests.slice(before).map((r) => r.headers.authorization);
  expect(new Set(keys)).toEqual(new Set(["Bearer sk-multi-a", "Bearer sk-multi-c"]));
});

test("an imported two-factor user: the password alone opens nothing, the old secret's code does; a backup code works once", async () => {
  const passwordStep = async () => {
    const res = await post("/api/user/login", { username: "dave", password: FIXTURE.passwords.dave });
    const body = (await res.json()) as { success: boolean; data: { require_2fa?: boolean } };
    expect(body).toMatchObject({ success: true, data: { require_2fa: true } });
    expect(res.headers.getSetCookie().some((c) => c.includes("session-token="))).toBe(false);
    return cookieOf(res, "gateway-2fa-pending")!;
  };
  const secondStep = async (code: string) => {
    const res = await post("/api/user/login/2fa", { code }, await passwordStep());
    return (await res.json()) as { success: boolean; data?: { id: number } };
  };
  expect(await secondStep(totp(FIXTURE.totpSecret))).toMatchObject({ success: true, data: { id: 6 } });
  expect(await secondStep(FIXTURE.backupCode)).toMatchObject({ success: true, data: { id: 6 } });
  expect((await secondStep(FIXTURE.backupCode)).success).toBe(false);
  // bob's row was soft-deleted in new-api: not imported
  expect(await gw.sql(`SELECT userId FROM two_fas ORDER BY userId`)).toEqual([{ userId: 6 }]);
});

test("an imported passkey signs in (username-less)", async () => {
  expect((await gw.api("PUT", "/api/option/", { key: "ServerAddress", value: SITE.origin })).json.success).toBe(true);
  const begin = await post("/api/user/passkey/login/begin", {});
  const begun = (await begin.json()) as { data: { options: { publicKey: { challenge: string } } } };
  const ticket = begin.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const finish = await post(
    "/api/user/passkey/login/finish",
    daveAuth.assert(begun.data.options.publicKey.challenge, SITE),
    ticket,
  );
  expect(await finish.json()).toMatchObject({ success: true, data: { id: 6 } });
});
