// Routing, retries, auto-disable and billing invariants of the relay, through the OpenAI SDK and
// raw HTTP, against the real server and a loopback mock upstream.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
const PRICE_QUOTA = 1000; // ModelPrice 0.002 USD x 500000 quota per USD

const channel = (fields: Record<string, unknown>) => gw.createChannel({ key: "sk-up", base_url: up.url, ...fields });

const token = (fields: Record<string, unknown> = {}) => gw.createToken(fields);

const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
const post = (key: string, body: unknown) =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "m-ratio": 1, "m-retry": 1, "m-401": 1, "m-map": 1, "slow-model": 1, "nousage-model": 1 }),
  });
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "m-price": 0.002 }) });
  await channel({ name: "main", models: "m-ratio,m-price,slow-model,nousage-model" });
  await channel({
    name: "retry-high",
    models: "m-retry",
    priority: 10,
    model_mapping: JSON.stringify({ "m-retry": "fail-500" }),
  });
  await channel({ name: "retry-low", models: "m-retry", priority: 0 });
  await channel({
    name: "mapped",
    models: "m-map",
    model_mapping: JSON.stringify({ "m-map": "step-1", "step-1": "upstream-final" }),
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("upstream 500 with RetryTimes=1 succeeds through the lower-priority channel", async () => {
  await gw.api("PUT", "/api/option/", { key: "RetryTimes", value: "1" });
  const t = await token();
  const r = await client(t.key).chat.completions.create({
    model: "m-retry",
    messages: [{ role: "user", content: "hi" }],
  });
  expect(r.choices[0]?.message.content).toBe("This is a mock completion.");
  const lastTwo = up.requests.slice(-2).map((q) => q.body.model);
  expect(lastTwo).toEqual(["fail-500", "m-retry"]);
  await gw.api("PUT", "/api/option/", { key: "RetryTimes", value: "0" });
});

test("upstream 401 auto-disables the channel with a reason", async () => {
  await gw.api("PUT", "/api/option/", { key: "AutomaticDisableChannelEnabled", value: "true" });
  const id = await channel({
    name: "bad-key",
    models: "m-401",
    model_mapping: JSON.stringify({ "m-401": "fail-401" }),
  });
  const t = await token();
  await expect(
    client(t.key).chat.completions.create({ model: "m-401", messages: [{ role: "user", content: "hi" }] }),
  ).rejects.toMatchObject({ status: 401 });
  for (let i = 0; i < 50; i++) {
    const [row] = await gw.sql<{ status: number; otherInfo: string }>(
      "select status, otherInfo from channels where id = ?",
      id,
    );
    if (row?.status === 3) {
      expect(JSON.parse(row.otherInfo).status_reason).toContain("401");
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("channel was not auto-disabled");
});

test("chained model_mapping sends the mapped name; the caller's key never reaches upstream", async () => {
  const t = await token();
  await client(t.key).chat.completions.create({ model: "m-map", messages: [{ role: "user", content: "hi" }] });
  const last = up.requests.at(-1)!;
  expect(last.body.model).toBe("upstream-final");
  expect(last.headers.authorization).toBe("Bearer sk-up");
  expect(JSON.stringify(last.headers)).not.toContain(t.key.slice(3));
});

test("a client that aborts mid-stream is billed for what it received", async () => {
  const t = await token();
  const controller = new AbortController();
  const res = await post(t.key, { model: "slow-model", stream: true, messages: [{ role: "user", content: "hi" }] });
  const reader = res.body!.getReader();
  let received = "";
  while (!received.includes("word4")) received += new TextDecoder().decode((await reader.read()).value);
  await reader.cancel();
  controller.abort();
  // Counting an aborted stream may load the tokenizer first; wait for the log itself.
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", t.id)).length === 1,
    15_000,
  );
  await gw.settle();
  const [log] = await gw.sql<{ quota: number; completionTokens: number; other: string }>(
    "select quota, completionTokens, other from logs where tokenId = ? and type = 2",
    t.id,
  );
  expect(log).toBeDefined();
  expect(log!.completionTokens).toBeGreaterThan(0);
  expect(log!.completionTokens).toBeLessThan(100);
  expect(log!.quota).toBeGreaterThan(0);
  expect(JSON.parse(log!.other).stream_status.end_reason).toBe("client_gone");
});

test("Σ consume-log quota = Δ user used = Δ token used = Δ channel used over a mixed workload", async () => {
  await gw.settle();
  const before = (
    await gw.sql<{ l: number; u: number; t: number; c: number }>(
      "select (select coalesce(sum(quota),0) from logs where type = 2) l, (select sum(usedQuota) from users) u, (select sum(usedQuota) from tokens) t, (select sum(usedQuota) from channels) c",
    )
  )[0]!;
  const t = await token();
  const c = client(t.key);
  const jobs: Promise<unknown>[] = [];
  for (let i = 0; i < 10; i++) {
    jobs.push(c.chat.completions.create({ model: "m-ratio", messages: [{ role: "user", content: `q${i}` }] }));
    jobs.push(c.chat.completions.create({ model: "m-price", messages: [{ role: "user", content: "x" }] }));
    jobs.push(
      (async () => {
        for await (const _ of await c.chat.completions.create({
          model: "m-ratio",
          stream: true,
          messages: [{ role: "user", content: "s" }],
        }))
          void _;
      })(),
    );
    jobs.push(c.chat.completions.create({ model: "nousage-model", messages: [{ role: "user", content: "n" }] }));
    jobs.push(
      c.chat.completions.create({ model: "m-401", messages: [{ role: "user", content: "f" }] }).catch(() => null),
    );
    jobs.push(
      (async () => {
        const r = await post(t.key, { model: "slow-model", stream: true, messages: [{ role: "user", content: "a" }] });
        const rd = r.body!.getReader();
        await rd.read();
        await rd.read();
        await rd.cancel();
      })(),
    );
  }
  await Promise.all(jobs);
  // 5 billed requests per round (the m-401 call fails and bills nothing).
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where tokenId = ? and type = 2", t.id)).length === 50,
    15_000,
  );
  await gw.settle();
  const after = (
    await gw.sql<{ l: number; u: number; t: number; c: number }>(
      "select (select coalesce(sum(quota),0) from logs where type = 2) l, (select sum(usedQuota) from users) u, (select sum(usedQuota) from tokens) t, (select sum(usedQuota) from channels) c",
    )
  )[0]!;
  const dl = after.l - before.l;
  expect(dl).toBeGreaterThan(0);
  expect(after.u - before.u).toBe(dl);
  expect(after.t - before.t).toBe(dl);
  expect(after.c - before.c).toBe(dl);
  const [tok] = await gw.sql<{ usedQuota: number }>("select usedQuota from tokens where id = ?", t.id);
  const [sumT] = await gw.sql<{ s: number }>("select sum(quota) s from logs where tokenId = ? and type = 2", t.id);
  expect(tok!.usedQuota).toBe(sumT!.s);
});

/** 200 concurrent requests on a token with quota for exactly 10: 10 pass, Σ logs == token used. */
async function quotaForTen(g: Gateway) {
  const t = await g.createToken({ unlimited_quota: false, remain_quota: PRICE_QUOTA * 10 });
  const body = JSON.stringify({ model: "m-price", messages: [{ role: "user", content: "x" }] });
  const headers = { authorization: `Bearer ${t.key}`, "content-type": "application/json" };
  const results = await Promise.all(
    Array.from({ length: 200 }, () =>
      fetch(`${g.url}/v1/chat/completions`, { method: "POST", headers, body }).then((r) => r.status),
    ),
  );
  const ok = results.filter((s) => s === 200).length;
  expect(ok).toBe(10);
  expect(results.every((s) => s === 200 || s === 403 || s === 401)).toBe(true);
  await g.settle();
  const [row] = await g.sql<{ remainQuota: number; usedQuota: number }>(
    "select remainQuota, usedQuota from tokens where id = ?",
    t.id,
  );
  expect(row).toEqual({ remainQuota: 0, usedQuota: 10 * PRICE_QUOTA });
  const [logs] = await g.sql<{ n: number; q: number }>(
    "select count(*) n, sum(quota) q from logs where tokenId = ? and type = 2",
    t.id,
  );
  expect([Number(logs!.n), Number(logs!.q)]).toEqual([10, 10 * PRICE_QUOTA]);
}

test("200 concurrent requests on a token with quota for 10 never overdraw it", () => quotaForTen(gw));

test("WORKERS=2 without Redis, on either engine: the primary's ledger never overdraws either", async () => {
  const w = await startGateway({ env: { WORKERS: "2" } });
  try {
    await w.untilProcessesAnswer(2);
    await w.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "m-price": 0.002 }) });
    await w.createChannel({ name: "main", key: "sk-up", base_url: up.url, models: "m-price" });
    await quotaForTen(w);
    // The worker's logs crossed the pipe to the primary with their non-ASCII strings escaped: stored intact.
    const logs = await w.sql<{ content: string }>("select content from logs where type = 2");
    expect(new Set(logs.map((l) => l.content))).toEqual(new Set(["模型价格 0.002，分组倍率 1"]));
  } finally {
    await w.stop();
  }
}, 120_000);

test("a console write to the balance while a request streams: the request is still billed, with its log", async () => {
  const { id: userId, key } = await gw.createUser("midflight", 1000 * PRICE_QUOTA);
  const res = await post(key, { model: "slow-model", stream: true, messages: [{ role: "user", content: "hi" }] });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read();
  // The admin sets a new balance meanwhile: the ledger drops the cached balances (writeAfterFlush).
  expect((await gw.api("PUT", "/api/user/", { id: userId, quota: 500 * PRICE_QUOTA })).json.success).toBe(true);
  while (!(await reader.read()).done);
  await gw.settle();
  const [log] = await gw.sql<{ n: number; quota: number; tokenId: number }>(
    "select count(*) n, sum(quota) quota, max(tokenId) tokenId from logs where userId = ? and type = 2",
    userId,
  );
  expect(Number(log!.n)).toBe(1);
  expect(Number(log!.quota)).toBeGreaterThan(0);
  const [user] = await gw.sql<{ usedQuota: number }>("select usedQuota from users where id = ?", userId);
  const [tok] = await gw.sql<{ usedQuota: number }>("select usedQuota from tokens where id = ?", log!.tokenId);
  expect([Number(user!.usedQuota), Number(tok!.usedQuota)]).toEqual([Number(log!.quota), Number(log!.quota)]);
}, 30_000);

test("a user's quota is never overdrawn across two tokens", async () => {
  const u = "quotauser";
  await gw.api("POST", "/api/user/register", { username: u, password: "password123", password2: "password123" });
  const [user] = await gw.sql<{ id: number }>("select id from users where username = ?", u);
  // Give the user quota for exactly 10 priced calls through the admin-only path the ledger honours.
  const set = await gw.api("PUT", "/api/user/", { id: user!.id, quota: PRICE_QUOTA * 10 });
  expect(set.json.success).toBe(true);
  const login = await fetch(`${gw.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: u, password: "password123" }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const mk = async () => {
    const r = await fetch(`${gw.url}/api/token/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ name: "x", unlimited_quota: true }),
    });
    return ((await r.json()) as { data: { key: string } }).data.key;
  };
  const [k1, k2] = [await mk(), await mk()];
  const results = await Promise.all(
    Array.from({ length: 200 }, (_, i) =>
      post(i % 2 ? k1 : k2, { model: "m-price", messages: [{ role: "user", content: "x" }] }).then((r) => r.status),
    ),
  );
  const ok = results.filter((s) => s === 200).length;
  expect(ok).toBe(10);
  await gw.settle();
  const [after] = await gw.sql<{ quota: number; usedQuota: number }>(
    "select quota, usedQuota from users where id = ?",
    user!.id,
  );
  expect(after!.quota).toBe(0);
  expect(after!.usedQuota).toBe(PRICE_QUOTA * 10);
});

test("malformed JSON, wrong types, a 20 MB body and a missing model answer 4xx and the server keeps serving", async () => {
  const t = await token();
  const bad = [
    await post(t.key, "{not json"),
    await post(t.key, { model: "m-ratio", messages: "nope" }),
    await post(t.key, { model: "m-ratio", messages: [], stream: "yes" }),
    await post(t.key, { model: 42, messages: [] }),
    await post(t.key, { messages: [{ role: "user", content: "hi" }] }),
    await post(t.key, { model: "m-ratio", messages: [{ role: "user", content: "x".repeat(20 * 1024 * 1024) }] }),
  ];
  for (const r of bad) {
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBeTruthy();
  }
  const ok = await client(t.key).chat.completions.create({
    model: "m-ratio",
    messages: [{ role: "user", content: "still alive?" }],
  });
  expect(ok.choices).toHaveLength(1);
});
