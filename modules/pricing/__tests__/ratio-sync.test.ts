// Price sync between instances (issue 41, new-api's controller/ratio_sync.go + ratio_config.go):
// GET /api/ratio_config (public once root turns ExposeRatioEnabled on), GET /api/ratio_sync/channels
// and POST /api/ratio_sync/fetch (root). A loopback HTTP server plays the other instances: loopback is
// a private address, so the fetch reaches it only with ChannelPrivateAddressEnabled (the channel
// address rules), and a case without it proves the guard is in the path.
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as ratioConfigRoute from "@/app/api/ratio_config/route";
import * as channelsRoute from "@/app/api/ratio_sync/channels/route";
import * as fetchRoute from "@/app/api/ratio_sync/fetch/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import type { RatioSyncResult, SyncableChannel } from "@/modules/pricing/ratios/ratio-sync";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Reply = { status?: number; body: string; headers?: Record<string, string> };
let replies: Record<string, Reply> = {};
const hits: string[] = [];
let server: http.Server;
let base = "";
let root = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const r = replies[req.url ?? ""] ?? { status: 404, body: "{}" };
    res.writeHead(r.status ?? 200, { "content-type": "application/json", ...r.headers });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  replies = {};
  hits.length = 0;
  await setOptions({
    ChannelPrivateAddressEnabled: "true",
    ExposeRatioEnabled: "false",
    ModelRatio: JSON.stringify({ "gpt-a": 1, "gpt-b": 2 }),
    CompletionRatio: JSON.stringify({ "gpt-a": 4 }),
    CacheRatio: "{}",
    ModelPrice: JSON.stringify({ "mj-x": 0.1 }),
  });
});

const zh = { "accept-language": "zh-CN" };
const ratioConfig = (maps: Record<string, unknown>) => JSON.stringify({ success: true, message: "", data: maps });
const fetchSync = (body: unknown, cookie = root) =>
  call<RatioSyncResult>(fetchRoute, "POST", "/api/ratio_sync/fetch", { cookie, body, headers: zh });
const upstream = (name: string, endpoint = "") => ({ name, base_url: base, endpoint });

describe("GET /api/ratio_config", () => {
  test("is refused with new-api's 403 until root turns it on, then shows the four maps to anyone", async () => {
    const off = await call(ratioConfigRoute, "GET", "/api/ratio_config", { headers: zh });
    expect(off.status).toBe(403);
    expect(off.json).toEqual({ success: false, message: "倍率配置接口未启用" });
    await setOptions({ ExposeRatioEnabled: "true" });
    const on = await call(ratioConfigRoute, "GET", "/api/ratio_config");
    expect(on.status).toBe(200);
    expect(on.json.data).toEqual({
      model_ratio: { "gpt-a": 1, "gpt-b": 2 },
      completion_ratio: { "gpt-a": 4 },
      cache_ratio: {},
      model_price: { "mj-x": 0.1 },
    });
  });
});

describe("/api/ratio_sync", () => {
  test("only root: users and admins are refused on both routes", async () => {
    for (const role of [ROLE.user, ROLE.admin]) {
      const who = await createUserAndLogin({ role });
      expect((await call(channelsRoute, "GET", "/api/ratio_sync/channels", { cookie: who.cookie })).status).toBe(403);
      expect((await fetchSync({ upstreams: [upstream("x")] }, who.cookie)).status).toBe(403);
    }
    expect((await call(channelsRoute, "GET", "/api/ratio_sync/channels")).status).toBe(401);
    expect(hits).toEqual([]);
  });

  test("the channel list holds the channels with a base URL and the official preset last", async () => {
    const withUrl = await db().channel.create({ data: { name: "peer", baseUrl: base, key: "k", status: 1 } });
    await db().channel.create({ data: { name: "no-url", baseUrl: "", key: "k" } });
    const res = await call<SyncableChannel[]>(channelsRoute, "GET", "/api/ratio_sync/channels", { cookie: root });
    expect(res.json.data).toContainEqual({ id: withUrl.id, name: "peer", base_url: base, status: 1 });
    expect(res.json.data.some((c: { name: string }) => c.name === "no-url")).toBe(false);
    expect(res.json.data.at(-1)).toMatchObject({
      id: -100,
      name: "官方倍率预设",
      base_url: "https://basellm.github.io",
    });
  });

  test("channels by id: their /api/ratio_config is read and only what differs is listed", async () => {
    const peer = await db().channel.create({ data: { name: "peer", baseUrl: `${base}/`, key: "k" } });
    replies["/api/ratio_config"] = {
      body: ratioConfig({ model_ratio: { "gpt-a": 1, "gpt-b": 3, "gpt-new": 5 }, completion_ratio: { "gpt-a": 4 } }),
    };
    const res = await fetchSync({ channel_ids: [peer.id] });
    expect(res.json.success).toBe(true);
    const name = `peer(${peer.id})`;
    expect(res.json.data.test_results).toEqual([{ name, status: "success" }]);
    expect(res.json.data.differences).toEqual({
      "gpt-b": { model_ratio: { current: 2, upstreams: { [name]: 3 }, confidence: { [name]: true } } },
      "gpt-new": { model_ratio: { current: null, upstreams: { [name]: 5 }, confidence: { [name]: true } } },
    });
  });

  test("new-api's /api/pricing list is read too; a 37.5 / 1 pair is flagged as not trusted", async () => {
    replies["/api/pricing"] = {
      body: JSON.stringify({
        success: true,
        data: [
          { model_name: "gpt-a", quota_type: 0, model_ratio: 37.5, completion_ratio: 1 },
          { model_name: "mj-x", quota_type: 1, model_price: 0.2 },
        ],
      }),
    };
    const res = await fetchSync({ upstreams: [upstream("p", "api/pricing")] });
    const d = res.json.data.differences;
    expect(d["gpt-a"]?.model_ratio).toEqual({ current: 1, upstreams: { p: 37.5 }, confidence: { p: false } });
    expect(d["mj-x"]?.model_price).toEqual({ current: 0.1, upstreams: { p: 0.2 }, confidence: { p: true } });
  });

  test("an upstream that fails is reported, the others still compared", async () => {
    replies["/ok"] = { body: ratioConfig({ model_ratio: { "gpt-a": 9 } }) };
    replies["/redirect"] = { status: 302, body: "", headers: { location: `${base}/ok` } };
    replies["/html"] = { body: "<html>" };
    replies["/huge"] = { body: ratioConfig({ model_ratio: { x: 1 }, pad: "y".repeat(5 * 1024 * 1024) }) };
    replies["/refused"] = { body: JSON.stringify({ success: false, message: "倍率配置接口未启用" }) };
    replies["/odd"] = { body: ratioConfig({ model_ratio: { "gpt-b": "2", "gpt-c": -1, "gpt-d": 1e400 } }) };
    const names = ["ok", "redirect", "html", "huge", "refused", "odd"];
    const res = await fetchSync({ upstreams: names.map((n) => upstream(n, `/${n}`)) });
    const byName = Object.fromEntries(res.json.data.test_results.map((r) => [r.name, r]));
    expect(byName.ok?.status).toBe("success");
    expect(byName.redirect).toMatchObject({ status: "error", error: "上游返回 HTTP 302" });
    expect(byName.html).toMatchObject({ status: "error", error: "无法解析上游返回数据" });
    expect(byName.huge).toMatchObject({ status: "error", error: "上游返回的数据超过 4 MB" });
    expect(byName.refused).toMatchObject({ status: "error", error: "上游返回失败：倍率配置接口未启用" });
    // Values that are not finite non-negative numbers are dropped: nothing differs for "odd".
    expect(byName.odd?.status).toBe("success");
    expect(res.json.data.differences).toEqual({
      "gpt-a": { model_ratio: { current: 1, upstreams: { ok: 9 }, confidence: { ok: true } } },
    });
    expect(hits.filter((h) => h === "/ok")).toHaveLength(1); // the redirect was not followed
  });

  test("without private channel addresses the guard refuses loopback before any request", async () => {
    await setOptions({ ChannelPrivateAddressEnabled: "false" });
    replies["/api/ratio_config"] = { body: ratioConfig({ model_ratio: { "gpt-a": 9 } }) };
    const res = await fetchSync({ upstreams: [upstream("peer")] });
    expect(res.json.data.test_results).toEqual([
      { name: "peer", status: "error", error: "该地址不允许访问（未开启渠道私有地址时只能访问公网地址）" },
    ]);
    expect(hits).toEqual([]);
  });

  test("nothing to fetch is new-api's 无有效上游渠道; hostile bodies are 400 and fetch nothing", async () => {
    const none = await fetchSync({ channel_ids: [999_999] });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ success: false, message: "无有效上游渠道" });
    for (const body of [
      { upstreams: [{ name: "x", base_url: "ftp://example.com" }] },
      { upstreams: [{ name: "", base_url: base }] },
      { upstreams: Array.from({ length: 51 }, (_, i) => upstream(`u${i}`)) },
      { timeout: 31 },
      { timeout: -1 },
      { channel_ids: ["1"] },
      { upstreams: [{ name: "x".repeat(101), base_url: base }] },
    ]) {
      const res = await fetchSync(body);
      expect({ body, status: res.status, success: res.json.success }).toEqual({ body, status: 400, success: false });
    }
    expect(hits).toEqual([]);
  });
});
