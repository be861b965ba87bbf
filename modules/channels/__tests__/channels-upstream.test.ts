// Calls that reach a channel's upstream: test one model, test all (background), balance
// (one and all), fetch models (saved channel and form values). A loopback mock upstream plays the
// vendor; it echoes the key in its errors, so we can prove the key never comes back.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import * as testOneRoute from "@/app/api/channel/test/[id]/route";
import * as testAllRoute from "@/app/api/channel/test/route";
import * as balanceOneRoute from "@/app/api/channel/update_balance/[id]/route";
import * as balanceAllRoute from "@/app/api/channel/update_balance/route";
import * as fetchRoute from "@/app/api/channel/fetch_models/route";
import * as fetchOneRoute from "@/app/api/channel/fetch_models/[id]/route";
import { db } from "@/lib/server/db";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setupApiHarness,
  setOptions,
  setupRoot,
} from "@/test-support/api/harness";
import { createChannel, EN } from "@/test-support/api/channels-support";

setupApiHarness();

const GOOD = "sk-good-upstream-key";
const BAD = "sk-bad-upstream-key";
let upstream: http.Server;
let url = "";
let root = "";
const seen: string[] = [];

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const path = req.url ?? "";
      seen.push(`${req.method} ${path}`);
      const key = (req.headers.authorization ?? "").replace(/^Bearer /, "");
      if (key !== GOOD)
        return reply(res, 401, { error: { message: `Incorrect API key provided: ${key}. Find yours at x.` } });
      if (path === "/v1/models") return reply(res, 200, { object: "list", data: [{ id: "up-1" }, { id: "up-2" }] });
      if (path === "/v1/dashboard/billing/subscription")
        return reply(res, 200, { hard_limit_usd: 20, has_payment_method: true });
      if (path.startsWith("/v1/dashboard/billing/usage")) return reply(res, 200, { total_usage: 550 });
      // Moonshot, SiliconFlow and OpenRouter balance APIs; the vendors' own model-listing paths.
      if (path === "/v1/users/me/balance")
        return reply(res, 200, { code: 0, data: { available_balance: 49.5, voucher_balance: 46.5, cash_balance: 3 } });
      if (path === "/v1/user/info")
        return reply(res, 200, { code: 20000, data: { balance: "1", totalBalance: "7.25" } });
      if (path === "/api/v1/credits") return reply(res, 200, { data: { total_credits: 10, total_usage: 2.5 } });
      if (["/api/paas/v4/models", "/v2/models", "/compatible-mode/v1/models"].includes(path))
        return reply(res, 200, { object: "list", data: [{ id: `vendor${path.split("/")[1]}` }] });
      if (path === "/user/balance")
        return reply(res, 200, { balance_infos: [{ currency: "CNY", total_balance: "3.5" }] });
      if (path === "/v1/chat/completions") {
        const model = (JSON.parse(raw || "{}") as { model?: string }).model ?? "";
        if (model.startsWith("fail")) return reply(res, 500, { error: { message: `boom for ${key}` } });
        return reply(res, 200, {
          id: "x",
          object: "chat.completion",
          model,
          choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
          usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
        });
      }
      reply(res, 404, { error: { message: "no route" } });
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
});

afterAll(async () => {
  await new Promise((r) => upstream.close(r));
});

const at = (id: number) => ({ cookie: root, params: { id: String(id) } });

test("test one model: success records response time and a 模型测试 log; failure redacts the key", async () => {
  const id = await createChannel(root, { name: "t-ok", key: GOOD, base_url: url, models: "m-ok,fail-x" });
  const ok = await call(testOneRoute, "GET", `/api/channel/test/${id}?model=m-ok`, at(id));
  expect(ok.json).toMatchObject({ success: true, message: "" });
  expect(typeof ok.json.time).toBe("number");
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect(row.testTime).toBeGreaterThan(0);
  expect(await db().log.count({ where: { channelId: id, tokenName: "模型测试", modelName: "m-ok" } })).toBe(1);
  const fail = await call(testOneRoute, "GET", `/api/channel/test/${id}?model=fail-x`, at(id));
  expect(fail.json.success).toBe(false);
  expect(fail.json.message).toContain("上游返回状态码 500");
  expect(fail.json.message).not.toContain(GOOD);
  const bad = await createChannel(root, { name: "t-bad", key: BAD, base_url: url, models: "m" });
  const refused = await call(testOneRoute, "GET", `/api/channel/test/${bad}`, { ...at(bad), headers: EN });
  expect(refused.json.success).toBe(false);
  expect(refused.json.message).toContain("The upstream answered with status 401");
  expect(refused.json.message).not.toContain(BAD);
});

test("test one: unsupported types answer a clear message", async () => {
  const id = await createChannel(root, { name: "mj", type: 2, key: "k", base_url: url, models: "mj_imagine" });
  const res = await call(testOneRoute, "GET", `/api/channel/test/${id}`, at(id));
  expect(res.json).toMatchObject({ success: false, message: "渠道类型 2 暂不支持测试" });
});

test("test all: answers at once, refuses a second run meanwhile, then auto-disables failing channels", async () => {
  await setOptions({ AutomaticDisableChannelEnabled: "true" });
  const broken = await createChannel(root, { name: "all-broken", key: BAD, base_url: url, models: "m" });
  const manual = await createChannel(root, { name: "all-manual", key: BAD, base_url: url, models: "m", status: 2 });
  const first = await call(testAllRoute, "GET", "/api/channel/test", { cookie: root });
  expect(first.json).toMatchObject({ success: true, message: "已开始测试所有已启用的渠道，请稍后刷新查看结果" });
  const second = await call(testAllRoute, "GET", "/api/channel/test", { cookie: root });
  expect(second.status).toBe(409);
  expect(second.json.message).toBe("渠道测试正在进行中，请稍后再试");
  for (let i = 0; i < 100; i++) {
    if ((await db().log.count({ where: { content: "通道测试完成" } })) > 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const row = await db().channel.findUniqueOrThrow({ where: { id: broken } });
  expect(row.status).toBe(3);
  expect(JSON.parse(row.otherInfo).status_reason).not.toContain(BAD);
  expect((await db().channel.findUniqueOrThrow({ where: { id: manual } })).status).toBe(2);
  await setOptions({ AutomaticDisableChannelEnabled: "false" });
});

test("balance: OpenAI billing over the base URL, DeepSeek balance API, clear refusals", async () => {
  const id = await createChannel(root, { name: "b-openai", key: GOOD, base_url: `${url}/` });
  const res = await call<{ balance: number }>(balanceOneRoute, "GET", `/api/channel/update_balance/${id}/`, at(id));
  expect(res.json).toMatchObject({ success: true, balance: 14.5, data: { balance: 14.5 } });
  const row = await db().channel.findUniqueOrThrow({ where: { id } });
  expect(row.balance).toBe(14.5);
  expect(row.balanceUpdatedTime).toBeGreaterThan(0);
  expect(seen.some((s) => /usage\?start_date=\d{4}-\d{2}-01&end_date=/.test(s))).toBe(true);

  const ds = await createChannel(root, { name: "b-ds", type: 43, key: GOOD, base_url: url });
  const dsRes = await call(balanceOneRoute, "GET", `/api/channel/update_balance/${ds}/`, at(ds));
  expect(dsRes.json.balance).toBe(3.5);

  const bad = await createChannel(root, { name: "b-bad", key: BAD, base_url: url });
  const failed = await call(balanceOneRoute, "GET", `/api/channel/update_balance/${bad}/`, at(bad));
  expect(failed.json.success).toBe(false);
  expect(failed.json.message).toMatch(/^查询余额失败：HTTP 401/);
  expect(failed.json.message).not.toContain(BAD);

  const azure = await createChannel(root, { name: "b-azure", type: 3, key: GOOD, base_url: url });
  const unsupported = await call(balanceOneRoute, "GET", `/api/channel/update_balance/${azure}/`, {
    ...at(azure),
    headers: EN,
  });
  expect(unsupported.json.message).toBe("Balance queries are not supported for channel type 3");
  const multi = await createChannel(root, { name: "b-multi", key: `${GOOD}\nother`, base_url: url });
  const multiRes = await call(balanceOneRoute, "GET", `/api/channel/update_balance/${multi}/`, at(multi));
  expect(multiRes.json.message).toBe("多密钥渠道不支持查询余额");
});

test("balance: Moonshot, SiliconFlow and OpenRouter on their own balance APIs", async () => {
  const cases: [type: number, base: string, balance: number, path: string][] = [
    [25, url, 49.5, "GET /v1/users/me/balance"],
    [40, url, 7.25, "GET /v1/user/info"],
    [20, `${url}/api`, 7.5, "GET /api/v1/credits"],
  ];
  for (const [type, base, balance, path] of cases) {
    const id = await createChannel(root, { name: `b-${type}`, type, key: GOOD, base_url: base });
    const res = await call(balanceOneRoute, "GET", `/api/channel/update_balance/${id}/`, at(id));
    expect([type, res.json.balance]).toEqual([type, balance]);
    expect(seen.at(-1)).toBe(path);
  }
});

test("fetch models: Zhipu, Qianfan v2 and DashScope list on their own paths", async () => {
  const cases: [type: number, path: string][] = [
    [26, "/api/paas/v4/models"],
    [46, "/v2/models"],
    [17, "/compatible-mode/v1/models"],
  ];
  for (const [type, path] of cases) {
    const res = await call<string[]>(fetchRoute, "POST", "/api/channel/fetch_models", {
      cookie: root,
      body: { type, base_url: url, key: GOOD },
    });
    expect([type, res.json.data]).toEqual([type, [`vendor${path.split("/")[1]}`]]);
    expect(seen.at(-1)).toBe(`GET ${path}`);
  }
});

test("balance all: background update of enabled channels", async () => {
  const id = await createChannel(root, { name: "ball", key: GOOD, base_url: url });
  const res = await call(balanceAllRoute, "GET", "/api/channel/update_balance", { cookie: root });
  expect(res.json).toMatchObject({ success: true });
  for (let i = 0; i < 100; i++) {
    if ((await db().channel.findUniqueOrThrow({ where: { id } })).balance === 14.5) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect((await db().channel.findUniqueOrThrow({ where: { id } })).balance).toBe(14.5);
});

test("fetch models: from form values and from a saved channel; errors never carry the key", async () => {
  const res = await call<string[]>(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: `${url}/`, type: 1, key: `${GOOD}\nsecond-key` },
  });
  expect(res.json).toMatchObject({ success: true, data: ["up-1", "up-2"] });
  const id = await createChannel(root, { name: "fm", key: GOOD, base_url: url });
  const saved = await call<string[]>(fetchOneRoute, "GET", `/api/channel/fetch_models/${id}`, at(id));
  expect(saved.json.data).toEqual(["up-1", "up-2"]);
  expect(JSON.stringify(saved.json)).not.toContain(GOOD);

  const bad = await call(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: url, type: 1, key: BAD },
  });
  expect(bad.json.success).toBe(false);
  expect(bad.json.message).toMatch(/^获取模型列表失败：HTTP 401/);
  expect(JSON.stringify(bad.json)).not.toContain(BAD);
  const noKey = await call(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: url, type: 1, key: " " },
  });
  expect(noKey.json.message).toBe("请填写密钥");
  const noBase = await call(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: "", type: 47, key: GOOD },
    headers: EN,
  });
  expect(noBase.json.message).toBe("Please enter the API address");
  const unsupported = await call(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: url, type: 2, key: GOOD },
  });
  expect(unsupported.json.message).toBe("渠道类型 2 暂不支持获取模型列表");
  const down = await call(fetchRoute, "POST", "/api/channel/fetch_models", {
    cookie: root,
    body: { base_url: "http://127.0.0.1:9", type: 1, key: GOOD },
  });
  expect(down.json.message).toMatch(/^获取模型列表失败：/);
});

test("an upstream that accepts and never answers: model list and balance give up within seconds, never a 5xx", async () => {
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  try {
    const id = await createChannel(root, { name: "silent", key: GOOD, base_url: silentUrl });
    const started = Date.now();
    const [models, balance] = await Promise.all([
      call(fetchRoute, "POST", "/api/channel/fetch_models", {
        cookie: root,
        body: { base_url: silentUrl, type: 1, key: GOOD },
      }),
      call(balanceOneRoute, "GET", `/api/channel/update_balance/${id}/`, at(id)),
    ]);
    expect(Date.now() - started).toBeLessThan(6_500);
    expect(models.status).toBeLessThan(500);
    expect(models.json).toMatchObject({ success: false });
    expect(models.json.message).toMatch(/^获取模型列表失败：/);
    expect(balance.status).toBeLessThan(500);
    expect(balance.json).toMatchObject({ success: false });
    expect(balance.json.message).toMatch(/^查询余额失败：/);
  } finally {
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  }
}, 15_000);

test("visitors and ordinary users cannot reach upstreams through the console", async () => {
  const id = await createChannel(root, { name: "up-guard", key: GOOD, base_url: url });
  const user = await createUserAndLogin();
  const before = seen.length;
  for (const cookie of [undefined, user.cookie]) {
    const status = cookie ? 403 : 401;
    const p = { cookie, params: { id: String(id) } };
    const results = await Promise.all([
      call(testOneRoute, "GET", `/api/channel/test/${id}`, p),
      call(testAllRoute, "GET", "/api/channel/test", { cookie }),
      call(balanceOneRoute, "GET", `/api/channel/update_balance/${id}/`, p),
      call(balanceAllRoute, "GET", "/api/channel/update_balance", { cookie }),
      call(fetchOneRoute, "GET", `/api/channel/fetch_models/${id}`, p),
      call(fetchRoute, "POST", "/api/channel/fetch_models", { cookie, body: { base_url: url, type: 1, key: GOOD } }),
    ]);
    for (const r of results) expect(r.status).toBe(status);
  }
  expect(seen.length).toBe(before);
});
