// WORKERS=2 on the embedded SQLite default (issue 21): one gateway of two processes on one port, the
// primary (which owns the quota ledger and the bookkeeping writer) and one worker, both accepting on
// the primary's socket. The kernel gives a new connection to either, so the checks that must involve
// both send their requests alternately over two keep-alive connections known to reach different
// processes (`onBoth`); the races (quota for exactly 10, kill -9) use fresh connections.
import http from "node:http";
import net from "node:net";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { parsePrometheus, sumOf } from "@/test-support/prom-text";
import { childPids, sendTo, workersOf, type Reply } from "./workers-client";
import { writesSeenEverywhere } from "./workers-read-your-writes";

let gw: Gateway;
/** Two keep-alive connections, one to each process (see onBoth). */
let pair: http.Agent[];
let up: MockUpstream;
const PRICE_QUOTA = 1000; // ModelPrice 0.002 USD x 500000 quota per USD
const METRICS_TOKEN = "scrape-token-workers-0123";

/** One request to this gateway (workers-client.ts). */
const send = (method: string, path: string, headers: Record<string, string>, body: string, agent?: http.Agent) =>
  sendTo(gw.url, method, path, headers, body, agent);

/** One relay call (see send). */
function call(key: string, model: string, stream = false, agent?: http.Agent): Promise<Reply> {
  const body = JSON.stringify({ model, stream, messages: [{ role: "user", content: "hi" }] });
  return send("POST", "/v1/chat/completions", { authorization: `Bearer ${key}` }, body, agent);
}

/** Keep-alive connections (one socket each) until two reach different processes; the others closed. */
async function agentsOnBothProcesses(): Promise<http.Agent[]> {
  const found = new Map<string, http.Agent>();
  for (let i = 0; i < 50 && found.size < 2; i++) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const r = await send("GET", "/api/status", {}, "", agent);
    if (r.worker && !found.has(r.worker)) found.set(r.worker, agent);
    else agent.destroy();
  }
  if (found.size < 2) throw new Error("no connection reached the worker");
  return [...found.values()];
}

/** The agent of request `i`: the two processes in turn. */
const onBoth = (i: number) => pair[i % 2];

/** The worker processes (children of the primary). */
const workerPids = () => childPids(gw.pid);

async function tokenRow(id: number) {
  const [row] = await gw.sql<{ remainQuota: number; usedQuota: number; status: number }>(
    "select remainQuota, usedQuota, status from tokens where id = ?",
    id,
  );
  return row!;
}

async function logsOf(tokenId: number) {
  const [row] = await gw.sql<{ n: number; quota: number | null }>(
    "select count(*) n, sum(quota) quota from logs where tokenId = ? and type = 2",
    tokenId,
  );
  return { n: row!.n, quota: row!.quota ?? 0 };
}

/** Σ logs == ledger for every user, every token and every channel together. */
async function expectLedgerMatchesLogs() {
  const [row] = await gw.sql<{ logs: number; user: number; tokens: number; channels: number }>(
    `select (select coalesce(sum(quota), 0) from logs where type = 2) logs,
            (select coalesce(sum(usedQuota), 0) from users) "user",
            (select coalesce(sum(usedQuota), 0) from tokens) tokens,
            (select coalesce(sum(usedQuota), 0) from channels) channels`,
  );
  expect(row!.user).toBe(row!.logs);
  expect(row!.tokens).toBe(row!.logs);
  expect(row!.channels).toBe(row!.logs);
}

beforeAll(async () => {
  up = await startMockUpstream();
  // 10 failed logins per address (the relay tests' gateway allows any number by default).
  gw = await startGateway({ env: { WORKERS: "2", METRICS_TOKEN, LOGIN_RATE_LIMIT: "10" } });
  await gw.waitFor(() => workerPids().length === 1, 30_000);
  // The worker is ready once connections reach it.
  await gw.untilProcessesAnswer(2);
  pair = await agentsOnBothProcesses();
  await gw.api("PUT", "/api/option/", {
    key: "ModelPrice",
    value: JSON.stringify({ "m-price": 0.002, "slow-10ms-w": 0.002, "m-metrics": 0.002, "m-ryw": 0.002 }),
  });
  await gw.createChannel({ name: "main", key: "sk-up", base_url: up.url, models: "m-price,slow-10ms-w,m-metrics" });
}, 180_000);

afterAll(async () => {
  for (const agent of pair ?? []) agent.destroy();
  await gw?.stop();
  await up?.close();
});

test("the primary and its worker answer on one port", async () => {
  expect(workerPids()).toHaveLength(1);
  const t = await gw.createToken();
  const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => call(t.key, "m-price", false, onBoth(i))));
  expect(replies.map((r) => r.status)).toEqual(Array(8).fill(200));
  expect(workersOf(replies).size).toBe(2);
});

/** A raw GET whose client half-closes right after the request (HTTP/1.0 style); the reply's text. */
function halfClosedGet(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(gw.url);
    const socket = net.connect(Number(port), hostname, () =>
      socket.end(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (c: string) => (text += c));
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

test("a client that half-closes after its request is answered by either process", async () => {
  const seen = new Set<string | undefined>();
  // Whichever process accepts: until both have answered one.
  for (let round = 0; round < 20 && seen.size < 2; round++) {
    const replies = await Promise.all([1, 2].map(() => halfClosedGet("/api/status")));
    for (const r of replies) {
      expect(r).toMatch(/^HTTP\/1\.1 200 /);
      seen.add(/x-request-id: (\S+)/i.exec(r)?.[1]?.slice(14, 20));
    }
  }
  expect(seen.size).toBe(2);
});

/** One scrape on its own connection (so scrapes land on both workers); the samples. */
async function scrape() {
  const r = await fetch(`${gw.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}`, connection: "close" },
  });
  expect(r.status).toBe(200);
  return parsePrometheus(await r.text());
}

test("/metrics answers the sum over both processes, whichever the scrape reaches", async () => {
  const t = await gw.createToken();
  const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => call(t.key, "m-metrics", false, onBoth(i))));
  expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
  expect(workersOf(replies).size).toBe(2);
  const counted = (s: ReturnType<typeof parsePrometheus>) => ({
    requests: sumOf(s, "gateway_relay_requests_total", { model: "m-metrics" }),
    billed: sumOf(s, "gateway_billed_requests_total", { model: "m-metrics" }),
    quota: sumOf(s, "gateway_quota_consumed_total", { model: "m-metrics" }),
  });
  const all = { requests: 12, billed: 12, quota: 12 * PRICE_QUOTA };
  // Each process counted only its share; every scrape (on fresh connections: both processes answer
  // some) must show all twelve.
  await gw.waitFor(async () => JSON.stringify(counted(await scrape())) === JSON.stringify(all));
  for (let i = 0; i < 4; i++) expect(counted(await scrape())).toEqual(all);
  const s = await scrape();
  expect(sumOf(s, "gateway_reservations_outstanding")).toBe(0);
  // One series per metric and label set (summed, not listed per worker).
  const keys = s.map((x) => `${x.name}${JSON.stringify(x.labels)}`);
  expect(new Set(keys).size).toBe(keys.length);
}, 60_000);

test("100 concurrent requests against a token with quota for exactly 10: 10 pass, Σ logs == ledger", async () => {
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: 10 * PRICE_QUOTA });
  const replies = await Promise.all(Array.from({ length: 100 }, () => call(t.key, "m-price")));
  const ok = replies.filter((r) => r.status === 200);
  expect(ok).toHaveLength(10);
  expect(workersOf(replies).size).toBe(2);
  // The other 90: "quota exhausted" / "insufficient" refusals, nothing else.
  expect(replies.filter((r) => r.status !== 200 && r.status !== 401 && r.status !== 403)).toEqual([]);
  await gw.settle();
  const row = await tokenRow(t.id);
  expect(row.remainQuota).toBe(0);
  expect(row.usedQuota).toBe(10 * PRICE_QUOTA);
  expect(await logsOf(t.id)).toEqual({ n: 10, quota: 10 * PRICE_QUOTA });
  await expectLedgerMatchesLogs();
}, 60_000);

test("first requests of fresh accounts beside console writes that drop them: no 5xx, exact balances", async () => {
  const initial = 100 * PRICE_QUOTA;
  const ADD = 7 * PRICE_QUOTA;
  const WAVES = 5;
  const accounts = [];
  for (let i = 0; i < 8; i++) accounts.push(await gw.createUser(`freshaccount${i}`, initial));
  /** A top-up as root on either process: the primary drops the cached balance when it is written. */
  const topUp = (id: number, i: number) =>
    send(
      "POST",
      "/api/user/manage",
      { cookie: gw.cookieHeader() },
      JSON.stringify({ id, action: "add_quota", mode: "add", value: ADD }),
      onBoth(i),
    );
  const replies: Reply[] = [];
  const writes: Reply[] = [];
  // Waves (the first one the accounts' first uses), each with relay calls on fresh connections
  // and top-ups of every account on both processes, all at once.
  for (let wave = 0; wave < WAVES; wave++) {
    const calls = accounts.flatMap((a) => Array.from({ length: 6 }, () => call(a.key, "m-price")));
    const adds = accounts.map((a, i) => topUp(a.id, i + wave));
    const [r, w] = await Promise.all([Promise.all(calls), Promise.all(adds)]);
    replies.push(...r);
    writes.push(...w);
  }
  expect(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body}`)).toEqual([]);
  expect(writes.map((w) => JSON.parse(w.body).success)).toEqual(Array(writes.length).fill(true));
  await gw.settle();
  for (const a of accounts) {
    const [row] = await gw.sql<{ quota: number; usedQuota: number }>(
      "select quota, usedQuota from users where id = ?",
      a.id,
    );
    expect(row).toEqual({ quota: initial + WAVES * ADD - 6 * WAVES * PRICE_QUOTA, usedQuota: 6 * WAVES * PRICE_QUOTA });
  }
  await expectLedgerMatchesLogs();
}, 60_000);

test("allowances held by the workers never show in the database; a quota set in the console holds at once", async () => {
  const { id: userId, key } = await gw.createUser("allowanceuser", 1000 * PRICE_QUOTA);
  const quotaRow = async () =>
    (await gw.sql<{ quota: number; usedQuota: number }>("select quota, usedQuota from users where id = ?", userId))[0]!;

  // A large balance: the worker gets an allowance and reserves from it without asking the primary.
  const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => call(key, "m-price", false, onBoth(i))));
  expect(burst.map((r) => r.status)).toEqual(Array(40).fill(200));
  expect(workersOf(burst).size).toBe(2);
  await gw.settle();
  expect(await quotaRow()).toEqual({ quota: 960 * PRICE_QUOTA, usedQuota: 40 * PRICE_QUOTA });

  // The admin leaves quota for exactly 5 more calls: the write first takes the allowance back, so
  // the worker cannot go on spending from what it held.
  expect((await gw.api("PUT", "/api/user/", { id: userId, quota: 5 * PRICE_QUOTA })).json.success).toBe(true);
  const after = await Promise.all(Array.from({ length: 20 }, (_, i) => call(key, "m-price", false, onBoth(i))));
  expect(after.filter((r) => r.status === 200)).toHaveLength(5);
  expect(workersOf(after).size).toBe(2);
  await gw.settle();
  expect(await quotaRow()).toEqual({ quota: 0, usedQuota: 45 * PRICE_QUOTA });
  await expectLedgerMatchesLogs();
}, 60_000);

test("whichever process holds it, the worker's allowance never lets a balance be spent twice", async () => {
  // Both orders: one of them has the worker take an allowance and the primary then write the balance
  // (console) and spend it on its own, which must take the allowance back first; the other has the
  // worker write and spend through the primary.
  for (const [first, second, name] of [
    [pair[0], pair[1], "spendboth1"],
    [pair[1], pair[0], "spendboth2"],
  ] as const) {
    const { id: userId, key } = await gw.createUser(name, 100 * PRICE_QUOTA);
    const setQuota = async (calls: number) => {
      const body = JSON.stringify({ id: userId, quota: calls * PRICE_QUOTA });
      const put = await send("PUT", "/api/user/", { cookie: gw.cookieHeader() }, body, second);
      expect(JSON.parse(put.body).success).toBe(true);
    };
    /** Calls on `first`, then until refused on each connection; the calls that passed. */
    const spendAll = async () => {
      let ok = (await call(key, "m-price", false, first)).status === 200 ? 1 : 0;
      for (const agent of [second, first])
        for (let i = 0; i < 120; i++) {
          if ((await call(key, "m-price", false, agent)).status !== 200) break;
          ok++;
        }
      return ok;
    };
    expect((await call(key, "m-price", false, first)).status).toBe(200);
    // The console leaves 5 calls, less than the worker's allowance holds when it is `first`.
    await setQuota(5);
    expect(await spendAll()).toBe(5);
    // 100 more: the first call takes an allowance, the rest are spent on both processes.
    await setQuota(100);
    expect(await spendAll()).toBe(100);
    await gw.settle();
    const [row] = await gw.sql<{ quota: number; usedQuota: number }>(
      "select quota, usedQuota from users where id = ?",
      userId,
    );
    expect(row).toEqual({ quota: 0, usedQuota: 106 * PRICE_QUOTA });
  }
  await expectLedgerMatchesLogs();
}, 60_000);

test(
  "a write that was answered is seen by the next request on every process, whichever process wrote it",
  () => writesSeenEverywhere({ gw, pair, up, send, call, priceQuota: PRICE_QUOTA }),
  120_000,
);

test("model request rate limits count the requests of all processes together", async () => {
  await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitCount", value: "6" });
  await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitEnabled", value: "true" });
  try {
    const t = await gw.createToken();
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => call(t.key, "m-price", false, onBoth(i))));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(6);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(14);
    expect(workersOf(replies).size).toBe(2);
  } finally {
    await gw.api("PUT", "/api/option/", { key: "ModelRequestRateLimitEnabled", value: "false" });
  }
}, 30_000);

// The client address stays locked out of logins for the rest of the window: nothing after logs in.
test("console limits (failed logins per address) count the attempts of all processes together", async () => {
  const attempts = [];
  for (let i = 0; i < 14; i++) {
    const body = JSON.stringify({ username: `nobody${i}`, password: "wrong-password" });
    const r = await send("POST", "/api/user/login", {}, body, onBoth(i));
    attempts.push({ status: r.status, worker: r.worker });
  }
  // LOGIN_RATE_LIMIT for the address, whichever process answered.
  expect(attempts.filter((a) => a.status === 429)).toHaveLength(4);
  expect(attempts.slice(10).every((a) => a.status === 429)).toBe(true);
  expect(new Set(attempts.map((a) => a.worker)).size).toBe(2);
}, 60_000);

test("kill -9 of the worker under load: the primary keeps serving, it is replaced, balances stay consistent", async () => {
  const initial = 2000 * PRICE_QUOTA;
  const t = await gw.createToken({ unlimited_quota: false, remain_quota: initial });
  const [victim] = workerPids();
  let stop = false;
  let killedAt = 0;
  const results: (Reply & { startedAt: number; endedAt: number })[] = [];
  // 16 clients streaming 0.5 s responses back to back: reservations are open in both processes.
  const client = async () => {
    while (!stop) {
      const startedAt = Date.now();
      const r = await call(t.key, "slow-10ms-w", true);
      results.push({ ...r, startedAt, endedAt: Date.now() });
    }
  };
  const clients = Array.from({ length: 16 }, client);
  const done = (r: Reply) => r.status === 200 && r.body.includes("[DONE]") && !r.error;
  let served = 0;
  try {
    await gw.waitFor(() => results.filter(done).length >= 16, 30_000);
    process.kill(victim!, "SIGKILL");
    killedAt = Date.now();
    // The primary keeps answering while the replacement starts...
    await gw.waitFor(() => results.some((r) => done(r) && r.startedAt > killedAt), 30_000);
    // ...and the primary starts a replacement.
    await gw.waitFor(() => {
      const pids = workerPids();
      return pids.length === 1 && !pids.includes(victim!);
    }, 60_000);
    served = results.length;
    // ...which serves too once it is ready (a process id never seen before the kill).
    const before = workersOf(results.filter((r) => r.startedAt < killedAt));
    const replacementServed = () =>
      [...workersOf(results.filter((r) => done(r) && r.startedAt > killedAt))].some((w) => !before.has(w));
    await gw.waitFor(replacementServed, 60_000);
  } finally {
    stop = true;
    await Promise.all(clients);
  }
  expect(results.length).toBeGreaterThan(served);

  await gw.settle();
  const row = await tokenRow(t.id);
  const logs = await logsOf(t.id);
  const completed = results.filter(done).length;
  const cut = results.filter((r) => !done(r));
  // Only requests of the killed worker were cut (a connection handed to it as it died included).
  expect(cut.filter((r) => r.startedAt > killedAt + 1000)).toEqual([]);
  // Every request that completed was billed and logged, but for the killed worker's last ones: a
  // settlement leaves a worker up to 2 ms after its response (batched), and the issue asks only that
  // nothing finished >= 1 s before the kill is lost. A cut one was billed only if it had settled.
  const seenAfter = workersOf(results.filter((r) => done(r) && r.startedAt > killedAt));
  const victimId = [...workersOf(results.filter((r) => r.startedAt < killedAt))].find((w) => !seenAfter.has(w));
  const mayBeLost = results.filter(
    (r) => done(r) && r.worker === victimId && r.endedAt >= killedAt - 1000 && r.endedAt <= killedAt + 1000,
  ).length;
  expect(logs.n).toBeGreaterThanOrEqual(completed - mayBeLost);
  expect(logs.n).toBeLessThanOrEqual(completed + cut.length);
  // The reservations of the killed worker were refunded: the ledger holds exactly the logged charges.
  expect(logs.quota).toBe(logs.n * PRICE_QUOTA);
  expect(row.usedQuota).toBe(logs.quota);
  expect(row.remainQuota).toBe(initial - logs.quota);
  await expectLedgerMatchesLogs();
}, 180_000);
