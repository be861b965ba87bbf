// npm run import:new-api (issue 39): every bad input gives one line (en/zh) and exit 1, and a corrupt
// row that cannot be skipped (a user, token or channel) stops the run with nothing left behind,
// even when earlier table groups had been committed. Then the one-api variant imports into the
// same database, which the failures left fresh.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { db } from "@/lib/server/db";
import { open } from "@/lib/server/crypto/secret-box";
import { setupApiHarness } from "@/test-support/api/harness";
import { freePort } from "../relay/gateway";
import { counts, fixtureFile, runCommand, tempDir } from "../import/import-support";

const harness = setupApiHarness();
let dir = "";
let fresh: Record<string, number>;
const target = () => harness.databaseUrl.replace(/^file:/, "");

beforeAll(() => {
  dir = tempDir();
  fresh = counts(target());
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refused(argv: string[], line: string | RegExp, locale: "en" | "zh" = "en"): Promise<void> {
  const r = await runCommand(argv, locale);
  expect(r.code).toBe(1);
  expect(r.err).toHaveLength(1);
  if (typeof line === "string") expect(r.err[0]).toBe(line);
  else expect(r.err[0]).toMatch(line);
  expect(counts(target())).toEqual(fresh);
}

test("arguments: none, an unknown one, a bad --logs", async () => {
  await refused([], /^Usage: npm run import:new-api -- --from/);
  await refused(["--from", "x.db", "--bogus"], /^Unknown argument --bogus\./);
  await refused(["--from", "x.db", "--logs", "lots"], "--logs takes all, none or a whole number of days, not lots");
  await refused(["--from", "x.db", "--logs", "lots"], "--logs 只接受 all、none 或整数天数，而不是 lots", "zh");
});

test("a missing file, a file that is not a database, a database that is not new-api", async () => {
  await refused(["--from", path.join(dir, "nope.db")], /nope\.db: no such file/);
  const text = path.join(dir, "notes.db");
  fs.writeFileSync(text, "this is not a database\n".repeat(100));
  await refused(["--from", text], `${text} is not a database file`);
  await refused(["--from", text], `${text} 不是数据库文件`, "zh");
  const other = path.join(dir, "other.db");
  new Database(other).exec("CREATE TABLE notes (id integer primary key, body text)").close();
  await refused(["--from", other], `${other} is not a new-api or one-api database (table users is missing)`);
});

test("an unreachable host (MySQL and PostgreSQL DSNs), an unsupported scheme", async () => {
  const port = await freePort();
  await refused(
    ["--from", `mysql://root:secret@127.0.0.1:${port}/newapi`],
    new RegExp(`^Cannot reach the database at mysql://root:\\*\\*\\*@127\\.0\\.0\\.1:${port}/newapi: ECONNREFUSED$`),
  );
  await refused(
    ["--from", `postgres://u:secret@127.0.0.1:${port}/newapi`],
    /^Cannot reach the database at postgres:\/\/u:\*\*\*@.*ECONNREFUSED$/,
  );
  await refused(["--from", "redis://127.0.0.1:6379"], /unsupported source/);
});

test("bad JSON in channels.model_mapping stops the run after the accounts were committed, and wipes them", async () => {
  const file = fixtureFile(dir, {}, (s) => s.exec(`UPDATE channels SET model_mapping = '{"gpt-4o": ' WHERE id = 2`));
  await refused(
    ["--from", file],
    "channels id 2: model_mapping is not a valid JSON object; fix it in the source and run again. Nothing was imported",
  );
});

test("a negative quota, a username repeated in another case, an oversized field", async () => {
  const negative = fixtureFile(dir, {}, (s) => s.exec("UPDATE users SET quota = -5 WHERE id = 3"));
  await refused(
    ["--from", negative],
    "users id 3: quota is negative (-5); fix it in the source and run again. Nothing was imported",
  );
  const twice = fixtureFile(dir, {}, (s) => s.exec("UPDATE users SET username = 'Alice' WHERE id = 6"));
  await refused(["--from", twice], /^users 6 and 2: the user name Alice appears twice apart from case/);
  await refused(["--from", twice], /^users 6 与 2：用户名 Alice 仅大小写不同而重复/, "zh");
  const long = fixtureFile(dir, {}, (s) =>
    s.prepare("UPDATE channels SET name = ? WHERE id = 5").run("n".repeat(70_000)),
  );
  await refused(
    ["--from", long],
    /^channels id 5: name is 70000 characters long, more than the 65535 this gateway accepts/,
  );
});

test("Ctrl-C after the accounts were committed: the run stops at the next page and wipes them", async () => {
  const file = fixtureFile(dir);
  const interrupt = new AbortController();
  const r = await runCommand(["--from", file], "en", {
    signal: interrupt.signal,
    // As a signal handler runs: on a later turn of the event loop, which the copy must give it.
    progress: (table) => void (table === "channels" && setImmediate(() => interrupt.abort())),
  });
  expect(r.code).toBe(1);
  expect(r.err).toEqual(["Interrupted: everything this run wrote was removed. Nothing was imported"]);
  expect(counts(target())).toEqual(fresh);
});

test("a log of an unknown type is skipped with the reason; the rest comes across", async () => {
  const file = fixtureFile(dir, {}, (s) => s.exec("UPDATE logs SET type = 99 WHERE id IN (3, 4)"));
  const r = await runCommand(["--from", file, "--dry-run"]);
  expect(r.code).toBe(0);
  const text = r.out.join("\n");
  expect(text).toMatch(/^logs\s+100\s+98\s+2\s/m);
  expect(text).toContain("skipped: log 3: unknown type 99");
  expect(counts(target())).toEqual(fresh);
});

test("a subscription of an unknown status or a negative quota used, an order of an unknown status: kept, mapped, noted", async () => {
  const file = fixtureFile(dir, {}, (s) => {
    s.exec("UPDATE user_subscriptions SET status = 'paused', amount_used = -7 WHERE id = 1");
    s.exec("UPDATE subscription_orders SET status = 'refunded' WHERE id = 1");
  });
  const r = await runCommand(["--from", file, "--dry-run"]);
  expect(r.code).toBe(0);
  const text = r.out.join("\n");
  expect(text).toMatch(/^user_subscriptions\s+4\s+3\s+1\s/m);
  expect(text).toContain(
    "note: a status that is none of new-api's (active, expired, cancelled): imported as cancelled",
  );
  expect(text).toContain("note: negative amount_used set to 0");
  expect(text).toContain(
    "note: a status that is none of new-api's (pending, success, failed, expired): imported as failed",
  );
  expect(counts(target())).toEqual(fresh);
});

test("the one-api variant imports into the database the failures left fresh; its channel types are translated", async () => {
  const file = fixtureFile(dir, { product: "one-api" });
  const r = await runCommand(["--from", file, "--logs", "none"]);
  expect(r.err).toEqual([]);
  expect(r.out.join("\n")).toContain("schema:  one-api (tokens.subnet)");
  const channels = await db().channel.findMany({ orderBy: { id: "asc" } });
  // one-api 29 (Groq) has no vendor here: type 0, disabled; one-api 36 (DeepSeek) is our 43.
  expect(channels.map((c) => [c.id, c.type, c.status])).toEqual([
    [1, 1, 1],
    [2, 1, 1],
    [3, 0, 2],
    [4, 15, 2],
    [5, 43, 3],
  ]);
  expect(JSON.parse(channels[2]!.otherInfo).status_reason).toBe(
    "imported from one-api: channel type 29 is not relayed by this gateway",
  );
  expect(open(channels[0]!.key)).toBe("sk-upstream-1");
  const token = await db().token.findUniqueOrThrow({ where: { id: 2 } });
  expect(token).toMatchObject({ modelLimitsEnabled: true, modelLimits: "gpt-4o-mini,gpt-4o", allowIps: "10.1.2.3/32" });
  expect(await db().log.count()).toBe(0);
  expect(await db().user.count()).toBe(5);
});
