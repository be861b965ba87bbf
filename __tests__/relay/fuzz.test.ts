// Issue 16: hostile input cannot wedge, crash or slow the gateway. One production gateway (plus the
// loopback mock upstreams) serves: the failing classes of the issue, one test each (4xx in the
// endpoint's own shape); the 1 MB emoji / CJK prompts with the sensitive check on while /api/status
// keeps answering; and the seeded fuzzer over every /api route and relay endpoint as every role, with
// wrong-typed content parts of every dialect on converted routes (fuzz-content.ts).
// FUZZ_SEED replays a run, FUZZ_SECONDS sets its budget (npm run fuzz -- --seconds 600).
import { startGateway, type Gateway } from "./gateway";
import { startMockAnthropic, type MockAnthropic } from "./mock-anthropic";
import { startMockGemini, type MockGemini } from "./mock-gemini";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import {
  apiTargets,
  describeRequest,
  generate,
  RELAY_TARGETS,
  sendFuzz,
  type FuzzRequest,
  type Role,
} from "./fuzz-targets";
import { contentFuzz } from "./fuzz-content";
import { startStatusProbe } from "./status-probe";
import { makeRng } from "@/test-support/hostile";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 25);
const ANSWER_MS = 2_000;

let gw: Gateway;
let up: MockUpstream;
let claude: MockAnthropic;
let gem: MockGemini;
let key = "";
const cookies: Record<Role, string> = { anonymous: "", user: "", admin: "", root: "", relay: "" };

async function loginAs(username: string): Promise<string> {
  const res = await fetch(`${gw.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "password123" }),
  });
  return res.headers.get("set-cookie")!.split(";")[0]!;
}

beforeAll(async () => {
  [up, claude, gem] = await Promise.all([startMockUpstream(), startMockAnthropic(), startMockGemini()]);
  // SHUTDOWN_TIMEOUT: what the fuzzer leaves in flight (half-sent bodies, held streams) need not drain
  // for the default 30 s when the file ends.
  gw = await startGateway({ env: { SHUTDOWN_TIMEOUT: "2" } });
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "fz-chat": 1, "fz-claude": 1, "fz-gemini": 1 }),
  });
  await gw.createChannel({ name: "fz-openai", key: "sk-up", base_url: up.url, models: "fz-chat" });
  await gw.createChannel({ name: "fz-claude", type: 14, key: "ak", base_url: claude.url, models: "fz-claude" });
  await gw.createChannel({ name: "fz-gemini", type: 24, key: "gk", base_url: gem.url, models: "fz-gemini" });
  key = (await gw.createToken()).key;
  for (const name of ["fzuser", "fzadmin"])
    await gw.api("POST", "/api/user/register", { username: name, password: "password123", password2: "password123" });
  const [admin] = await gw.sql<{ id: number }>("select id from users where username = ?", "fzadmin");
  await gw.api("POST", "/api/user/manage", { id: admin!.id, action: "promote" });
  cookies.user = await loginAs("fzuser");
  cookies.admin = await loginAs("fzadmin");
  cookies.root = gw.cookieHeader();
  // The server loads Next on its first console page (about 1 s on a quiet machine, seconds on a
  // loaded CI box, during which the process answers nothing else): once per process, not an effect
  // of hostile input. A fuzzed path such as /api/.. reaches a page, so the page is asked for first.
  expect((await fetch(`${gw.url}/login`)).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await Promise.all([up?.close(), claude?.close(), gem?.close()]);
}, 60_000);

const post = (path: string, body: string | object, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const hi = [{ role: "user", content: "hi" }];

describe("each failing class of the issue is a 4xx in the endpoint's shape", () => {
  test("Claude client, wrong types (Claude -> OpenAI conversion): Anthropic error naming the field", async () => {
    for (const messages of [
      5,
      true,
      { a: 1 },
      null,
      [{ role: "user", content: 7 }],
      [{ role: "user", content: [null] }],
    ]) {
      const res = await post("/v1/messages", { model: "fz-chat", max_tokens: 5, messages });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { type: string; error: { type: string; message: string } };
      expect(json).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
      expect(json.error.message).toContain("messages");
    }
  });

  test("OpenAI client on a Claude channel, wrong types (OpenAI -> Claude conversion): OpenAI error", async () => {
    for (const messages of [
      [{ role: "user", content: 5 }],
      [null],
      [{ role: "user", content: [{ type: "text", text: null }, 3] }],
    ]) {
      const res = await post("/v1/chat/completions", { model: "fz-claude", messages });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: { message: string; type: string } };
      expect(json.error).toMatchObject({
        type: "invalid_request_error",
        message: expect.stringContaining("messages[0]"),
      });
    }
    expect(claude.requests).toHaveLength(0);
  });

  test("Gemini client, wrong types (Gemini -> OpenAI conversion): Gemini error naming the field", async () => {
    for (const contents of [
      5,
      false,
      { parts: [] },
      [{ parts: null }],
      [{ parts: { text: "x" } }],
      [{ parts: [null] }],
    ]) {
      const res = await post("/v1beta/models/fz-chat:generateContent", { contents });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error: { code: number; status: string; message: string } };
      expect(json.error).toMatchObject({
        code: 400,
        status: "INVALID_ARGUMENT",
        message: expect.stringContaining("contents"),
      });
    }
  });

  test("OpenAI client on a Gemini channel, wrong types (OpenAI -> Gemini conversion): OpenAI error", async () => {
    const res = await post("/v1/chat/completions", {
      model: "fz-gemini",
      messages: [{ role: "user", content: [null] }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("messages[0].content[0]");
    expect(gem.requests).toHaveLength(0);
  });

  test("a lone surrogate or NUL in a task body is a 400 in the task API's shape, before any lookup", async () => {
    const action = await post("/mj/submit/action", '{"taskId":"x\\udc00y","customId":"MJ::JOB::upsample::1::x"}');
    expect(action.status).toBe(400);
    expect(await action.json()).toMatchObject({ code: 4, description: expect.stringContaining("taskId") });
    const list = await post("/mj/task/list-by-condition", { ids: ["1", "a\u0000b"] });
    expect(list.status).toBe(400);
    expect(await list.json()).toMatchObject({ code: 4, description: expect.stringContaining("ids[1]") });
    const suno = await post("/suno/fetch", '{"ids":["\\ud800"]}');
    expect(suno.status).toBe(400);
    expect(await suno.json()).toMatchObject({ code: "invalid_field", message: expect.stringContaining("ids[0]") });
  });

  test("deep nesting is a 400 in each format's shape", async () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const openai = await post("/v1/chat/completions", `{"model":"fz-chat","messages":${deep(5000)}}`);
    expect(openai.status).toBe(400);
    expect(((await openai.json()) as { error: { code: string } }).error.code).toBe("invalid_json_depth");
    const anthropic = await post(
      "/v1/messages",
      `{"model":"fz-chat","messages":[{"role":"user","content":"hi","x":${deep(300)}}]}`,
    );
    expect(anthropic.status).toBe(400);
    expect(await anthropic.json()).toMatchObject({ type: "error" });
    const mj = await post("/mj/submit/imagine", `{"prompt":${deep(200)}}`);
    expect(mj.status).toBe(400);
    expect(await mj.json()).toMatchObject({ code: 4 });
  });
});

describe("long prompts with the sensitive check on", () => {
  const STATUS_MS = 100;

  /** Sends the prompt while a worker probes /api/status back to back; answers the chat and the probes. */
  async function underLoad(prompt: string) {
    const probe = await startStatusProbe(gw.url);
    probe.start();
    const chat = await post("/v1/chat/completions", {
      model: "fz-chat",
      messages: [{ role: "user", content: prompt }],
    }).then(async (r) => ({ status: r.status, body: await r.text() }));
    return { ...chat, probes: await probe.stop() };
  }

  beforeAll(async () => {
    // Warm the gateway: the first relay call and the first /api/status load code and open connections.
    expect((await post("/v1/chat/completions", { model: "fz-chat", messages: hi })).status).toBe(200);
    expect((await fetch(`${gw.url}/api/status`)).status).toBe(200);
  });

  test.each([
    ["emoji", "😀🎉👍🏽👨‍👩‍👧🐉"],
    ["CJK", "中文长文档测试，这是一段很长的中文内容。"],
  ])(
    "a 1 MB %s prompt is answered and /api/status answers within 100 ms meanwhile",
    async (name, unit) => {
      const prompt = unit.repeat(Math.ceil(1_048_576 / Buffer.byteLength(unit)));
      // The machine is shared: under CPU pressure even an idle gateway's /api/status was seen taking
      // 100-400 ms now and then. So up to 3 tries, and one must keep every probe sent while the
      // prompt was in flight within 100 ms. A gateway that blocks on the prompt (the replaced
      // matcher: seconds) fails all of them.
      const tries: number[][] = [];
      for (let attempt = 0; attempt < 3; attempt++) {
        const r = await underLoad(prompt);
        expect([r.status, r.body.slice(0, 200)]).toEqual([200, expect.stringContaining("chat.completion")]);
        expect(r.probes.length).toBeGreaterThan(0);
        expect(r.probes.every((p) => p.status === 200)).toBe(true);
        tries.push(r.probes.map((p) => Math.round(p.ms)));
        if (Math.max(...tries.at(-1)!) < STATUS_MS) break;
      }
      process.stdout.write(`1 MB ${name} prompt: status probe latencies (ms) per try ${JSON.stringify(tries)}\n`);
      expect({ slowestUnder100ms: Math.max(...tries.at(-1)!) < STATUS_MS, tries }).toEqual({
        slowestUnder100ms: true,
        tries,
      });
      // The sensitive check ran over the whole prompt: the default word at its very end is refused.
      const hit = await post("/v1/chat/completions", {
        model: "fz-chat",
        messages: [{ role: "user", content: prompt + "test_sensitive" }],
      });
      expect(hit.status).toBe(400);
      expect(((await hit.json()) as { error: { code: string } }).error.code).toBe("sensitive_words_detected");
    },
    60_000,
  );
});

test(
  "seeded fuzzing: no 5xx, every answer within 2 s, /api/status between batches, nothing changed",
  async () => {
    // Quota is left out: relayed requests that succeed are billed, as they should be.
    const snapshot = async () => ({
      options: await gw.sql("select key, value from options order by key"),
      users: await gw.sql(
        `select id, username, password, role, status, "group", authVersion, deletedAt from users order by id`,
      ),
    });
    const before = await snapshot();
    const r = makeRng(SEED);
    const roles: Role[] = ["anonymous", "user", "admin", "root", "relay"];
    const api = apiTargets().map((t) => ({ ...t, path: `/${t.path.replace(/^\//, "")}` }));
    const targets = [...api, ...RELAY_TARGETS];
    // A write without a body on a route without a path param would just do its job (delete self, log
    // out): those are sent anonymously only.
    const bodyless = (t: (typeof targets)[number]) => t.method !== "GET" && !t.body && !t.path.includes("[");
    const deadline = Date.now() + SECONDS * 1000;
    let sent = 0;
    const failures: string[] = [];
    const counts = new Map<number, number>();
    process.stdout.write(`fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays), ${SECONDS} s, ${targets.length} targets\n`);
    while (Date.now() < deadline && !failures.length) {
      const batch: FuzzRequest[] = [];
      for (let i = 0; i < 24; i++) {
        const target = r.pick(targets);
        const role = bodyless(target) ? "anonymous" : r.pick(roles);
        // One in four: wrong-typed content on a converted route (fuzz-content.ts).
        batch.push(i % 4 === 3 ? contentFuzz(r, sent + i) : generate(r, sent + i, target, role));
      }
      sent += batch.length;
      const results = await Promise.all(
        batch.map((req) =>
          sendFuzz(gw.url, { key, cookies }, req).then(
            (res) => ({ req, ...res, err: "" }),
            (err: unknown) => ({ req, status: 0, ms: 0, err: String(err) }),
          ),
        ),
      );
      for (const { req, status, ms, err } of results) {
        counts.set(status, (counts.get(status) ?? 0) + 1);
        // 502/503/504 are upstream failures (a task platform without a channel, a mock upstream's error).
        const bad = err || status === 500 || status === 501 || status > 504 || ms > ANSWER_MS;
        if (bad) failures.push(`${err || `status ${status}`} after ${Math.round(ms)} ms\n${describeRequest(req)}`);
      }
      const t0 = performance.now();
      const status = await fetch(`${gw.url}/api/status`, { signal: AbortSignal.timeout(5_000) });
      if (status.status !== 200 || performance.now() - t0 > ANSWER_MS)
        failures.push(`/api/status answered ${status.status} after ${Math.round(performance.now() - t0)} ms`);
      up.requests.length = 0;
    }
    process.stdout.write(
      `fuzz: seed ${SEED}: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries([...counts].sort()))}\n`,
    );
    if (failures.length)
      throw new Error(`fuzz failed (FUZZ_SEED=${SEED} replays):\n${failures.slice(0, 5).join("\n\n")}`);

    const ok = await post("/v1/chat/completions", { model: "fz-chat", messages: hi });
    expect(ok.status).toBe(200);
    expect(await snapshot()).toEqual(before);
  },
  (SECONDS + 90) * 1000,
);
