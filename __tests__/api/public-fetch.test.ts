// The two public fetches root configures (issue 22 A1, A2): GET /api/status/update (latest release
// vs our version) and GET /api/option/preset_ratios (preset ratio files).
// A loopback HTTP server plays GitHub and the assets host; the outbound guard allows loopback only
// in the env-gated test mode, so a case without it proves the guard is in the path. Every failure
// (refused address, non-2xx, redirect, oversized or unparsable body) gives the one zh message, in
// the envelope with 200: an unreachable host (air-gapped servers) is never a same-origin 5xx, and a
// host that never answers is given up on within the 5 s timeout.
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import * as optionRoute from "@/app/api/option/route";
import * as presetRoute from "@/app/api/option/preset_ratios/route";
import * as updateRoute from "@/app/api/status/update/route";
import { ROLE } from "@/lib/constants";
import { env, resetEnvForTests } from "@/lib/env";
import { forgetUpdateCheck } from "@/modules/settings/server/check-update";
import {
  call,
  createUserAndLogin,
  setOptions,
  setupApiHarness,
  setupRoot,
  login,
  ROOT_USER,
} from "@/test-support/api/harness";

setupApiHarness();

type Reply = { status?: number; body: string; headers?: Record<string, string> };
let replies: Record<string, Reply> = {};
const hits: string[] = [];
let server: http.Server;
let base = "";

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    const r = replies[req.url ?? ""] ?? { status: 404, body: "{}" };
    res.writeHead(r.status ?? 200, { "content-type": "application/json", ...r.headers });
    res.end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  replies = {};
  hits.length = 0;
  forgetUpdateCheck();
  process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS = "true";
  resetEnvForTests();
  await setOptions({ UpdateCheckUrl: `${base}/repos/x/y/releases/latest`, PresetRatioBaseUrl: `${base}/ratios/` });
});
afterEach(() => {
  delete process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS;
  resetEnvForTests();
});

const release = (tag: string) =>
  JSON.stringify({ tag_name: tag, html_url: "https://github.com/x/y/releases/tag/" + tag, body: "## notes" });
const update = () => call<Record<string, unknown>>(updateRoute, "GET", "/api/status/update", { headers: zh });
const zh = { "accept-language": "zh-CN" };
const UPDATE_FAILED = "检查更新失败，请稍后再试";
const PRESET_FAILED = "获取预设倍率失败，请重试";

describe("update check", () => {
  test("anyone gets the latest release compared with our version", async () => {
    replies["/repos/x/y/releases/latest"] = { body: release("v99.1.0") };
    const res = await update();
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      current_version: env().VERSION,
      latest_version: "v99.1.0",
      has_update: true,
      release_url: "https://github.com/x/y/releases/tag/v99.1.0",
      notes: "## notes",
      published_at: "",
    });
  });

  test("the same version is not an update", async () => {
    replies["/repos/x/y/releases/latest"] = { body: release(`v${env().VERSION}`) };
    expect((await update()).json.data).toMatchObject({ has_update: false });
  });

  test("answers are kept: a second visit does not call out again", async () => {
    replies["/repos/x/y/releases/latest"] = { body: release("v99.1.0") };
    await update();
    await update();
    expect(hits).toEqual(["/repos/x/y/releases/latest"]);
  });

  test.each<[string, Reply]>([
    ["a server error", { status: 500, body: "{}" }],
    ["a redirect (never followed)", { status: 302, body: "", headers: { location: "https://example.com/" } }],
    ["an unparsable body", { body: "<html>" }],
    ["a body over the cap", { body: JSON.stringify({ tag_name: "v1", body: "x".repeat(600 * 1024) }) }],
    ["an answer without a tag", { body: "{}" }],
  ])("%s fails with the zh message", async (_name, reply) => {
    replies["/repos/x/y/releases/latest"] = reply;
    const res = await update();
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: false, message: UPDATE_FAILED });
  });

  test("without the test-only loopback mode the guard refuses the address before any request", async () => {
    delete process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS;
    resetEnvForTests();
    replies["/repos/x/y/releases/latest"] = { body: release("v99.1.0") };
    expect((await update()).json.message).toBe(UPDATE_FAILED);
    expect(hits).toEqual([]);
  });

  test("the URL options are root-only", async () => {
    const admin = await createUserAndLogin({ role: ROLE.admin });
    for (const key of ["UpdateCheckUrl", "PresetRatioBaseUrl"]) {
      const res = await call(optionRoute, "PUT", "/api/option/", {
        cookie: admin.cookie,
        body: { key, value: "https://example.com/x" },
      });
      expect(res.status).toBe(403);
    }
    await setupRoot();
    const root = await login(ROOT_USER.username, ROOT_USER.password);
    const ok = await call(optionRoute, "PUT", "/api/option/", {
      cookie: root,
      body: { key: "UpdateCheckUrl", value: "https://example.com/latest" },
    });
    expect(ok.json.success).toBe(true);
    const bad = await call(optionRoute, "PUT", "/api/option/", {
      cookie: root,
      body: { key: "PresetRatioBaseUrl", value: "ftp://example.com" },
    });
    expect(bad.json.success).toBe(false);
  });
});

describe("preset ratios", () => {
  const get = (cookie: string | undefined, source?: string) =>
    call<Record<string, unknown>>(presetRoute, "GET", `/api/option/preset_ratios${source ? `?source=${source}` : ""}`, {
      cookie,
      headers: zh,
    });

  test("an admin gets the prompt and completion files of a variant; bad entries are dropped", async () => {
    const admin = await createUserAndLogin({ role: ROLE.admin });
    replies["/ratios/openrouter/prompt.json"] = { body: JSON.stringify({ "gpt-x": 1.5, bad: "2", neg: -1 }) };
    replies["/ratios/openrouter/completion.json"] = { body: JSON.stringify({ "gpt-x": 4 }) };
    const res = await get(admin.cookie, "openrouter");
    expect(res.json.data).toEqual({
      source: "openrouter",
      model_ratio: { "gpt-x": 1.5 },
      completion_ratio: { "gpt-x": 4 },
    });
  });

  test("flexible is the default; legacy has only the top-level completion file", async () => {
    const admin = await createUserAndLogin({ role: ROLE.admin });
    replies["/ratios/flexible/prompt.json"] = { body: JSON.stringify({ a: 1 }) };
    replies["/ratios/flexible/completion.json"] = { body: JSON.stringify({ a: 2 }) };
    replies["/ratios/completion.json"] = { body: JSON.stringify({ b: 3 }) };
    expect((await get(admin.cookie)).json.data).toMatchObject({ source: "flexible", model_ratio: { a: 1 } });
    expect((await get(admin.cookie, "legacy")).json.data).toEqual({
      source: "legacy",
      model_ratio: {},
      completion_ratio: { b: 3 },
    });
  });

  test("a missing file, or no loopback permission, fails with the zh message", async () => {
    const admin = await createUserAndLogin({ role: ROLE.admin });
    replies["/ratios/mixed/prompt.json"] = { body: JSON.stringify({ a: 1 }) };
    const missing = await get(admin.cookie, "mixed");
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({ success: false, message: PRESET_FAILED });
    delete process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS;
    resetEnvForTests();
    hits.length = 0;
    expect((await get(admin.cookie, "mixed")).json.message).toBe(PRESET_FAILED);
    expect(hits).toEqual([]);
  });

  test("users are refused and an unknown source is a 400", async () => {
    const user = await createUserAndLogin();
    expect((await get(user.cookie)).status).toBe(403);
    const admin = await createUserAndLogin({ role: ROLE.admin });
    expect((await get(admin.cookie, "nope")).status).toBe(400);
  });
});

describe("an unreachable host", () => {
  /** A listener that accepts connections and never answers, and a port where nothing listens. */
  let silent: net.Server;
  let silentUrl = "";
  let closedUrl = "";
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  test.each([
    ["never answers", () => silentUrl],
    ["refuses the connection", () => closedUrl],
  ])(
    "that %s: the envelope within the timeout, never a 5xx",
    async (_name, baseOf) => {
      const admin = await createUserAndLogin({ role: ROLE.admin });
      await setOptions({ UpdateCheckUrl: `${baseOf()}/latest`, PresetRatioBaseUrl: baseOf() });
      const started = Date.now();
      const [upd, preset] = await Promise.all([
        update(),
        call(presetRoute, "GET", "/api/option/preset_ratios", { cookie: admin.cookie, headers: zh }),
      ]);
      expect(Date.now() - started).toBeLessThan(6_500);
      expect(upd.status).toBe(200);
      expect(upd.json).toEqual({ success: false, message: UPDATE_FAILED });
      expect(preset.status).toBe(200);
      expect(preset.json).toEqual({ success: false, message: PRESET_FAILED });
    },
    15_000,
  );
});
