// Channel pinning, group rights, unpriced models, stream keep-alive and inactivity timeout, an
// upstream answer past RELAY_MAX_ANSWER_MB, and the SIGTERM flush of pending bookkeeping.
import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
let endless: http.Server;
let endlessUrl = "";
const endlessClosed: number[] = [];
let chA = 0;
let chB = 0;
const hi = [{ role: "user" as const, content: "hi" }];
const client = (key: string) => new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });

const token = (fields: Record<string, unknown> = {}) => gw.createToken(fields);
const channel = (fields: Record<string, unknown>) => gw.createChannel({ key: "sk-up", base_url: up.url, ...fields });

beforeAll(async () => {
  up = await startMockUpstream();
  // A 200 JSON answer that never ends: only a bounded read can be done with it.
  endless = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"id":"x","choices":[{"message":{"content":"');
    const chunk = "a".repeat(64 * 1024);
    const more = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", more);
    };
    res.on("close", () => endlessClosed.push(Date.now()));
    more();
  });
  await new Promise<void>((r) => endless.listen(0, "127.0.0.1", r));
  endlessUrl = `http://127.0.0.1:${(endless.address() as AddressInfo).port}`;
  gw = await startGateway({ env: { STREAMING_TIMEOUT: "3", RELAY_MAX_ANSWER_MB: "1" } });
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "r-pin": 1, "stall-model": 1, "r-vip": 1, "endless-model": 1 }),
  });
  chA = await channel({ name: "pin-a", models: "r-pin", key: "key-a" });
  chB = await channel({ name: "pin-b", models: "r-pin", key: "key-b" });
  await channel({ name: "stall", models: "stall-model" });
  await channel({ name: "vip-only", models: "r-vip", group: "vip" });
  await channel({ name: "endless", models: "endless-model", base_url: endlessUrl });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
  endless?.closeAllConnections();
  await new Promise((r) => endless?.close(r));
});

test("an upstream answer past RELAY_MAX_ANSWER_MB is a 502, not read further, and charges nothing", async () => {
  const t = await token();
  const r = await fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "endless-model", messages: hi }),
  });
  const body = (await r.json()) as { error: { code: string; message: string } };
  expect([r.status, body.error.code]).toEqual([502, "do_request_failed"]);
  expect(body.error.message).toContain("larger than 1 MB");
  await gw.waitFor(async () => endlessClosed.length > 0, 5000); // the gateway dropped the connection
  // Still serving, and the failed call left no consume log and no charge.
  expect((await client(t.key).chat.completions.create({ model: "r-pin", messages: hi })).choices.length).toBe(1);
  await gw.settle();
  const logs = await gw.sql<{ modelName: string }>("select modelName from logs where tokenId = ? and type = 2", t.id);
  expect(logs.map((l) => l.modelName)).toEqual(["r-pin"]);
});

test("an admin's sk-<key>-<channel> pins the channel; an ordinary user may not pin", async () => {
  const t = await token();
  for (let i = 0; i < 4; i++) await client(`${t.key}-${chB}`).chat.completions.create({ model: "r-pin", messages: hi });
  expect(new Set(up.requests.slice(-4).map((r) => r.headers.authorization))).toEqual(new Set(["Bearer key-b"]));
  void chA;

  const { key: userKey } = await gw.createUser("plainuser");
  await expect(
    client(`${userKey}-${chB}`).chat.completions.create({ model: "r-pin", messages: hi }),
  ).rejects.toMatchObject({ status: 403 });
});

test("a token's group must be usable by its owner, and routes to that group's channels", async () => {
  const vip = await token({ group: "vip" });
  await expect(client(vip.key).chat.completions.create({ model: "r-vip", messages: hi })).resolves.toBeTruthy();
  const plain = await token();
  await expect(client(plain.key).chat.completions.create({ model: "r-vip", messages: hi })).rejects.toMatchObject({
    status: 503,
  });
  const refused = await gw.api("POST", "/api/token/", { name: "x", group: "no-such-group" });
  expect(refused.status).toBe(403);
});

test("a model without a price is refused unless the user accepts unpriced models", async () => {
  await channel({ name: "unpriced", models: "r-unpriced" });
  const t = await token();
  await expect(client(t.key).chat.completions.create({ model: "r-unpriced", messages: hi })).rejects.toMatchObject({
    status: 400,
    code: "model_price_error",
  });
});

test("keep-alive pings flow while upstream is quiet, and an inactive stream ends with [DONE]", async () => {
  await gw.api("PUT", "/api/option/", { key: "general_setting.ping_interval_seconds", value: "1" });
  await gw.api("PUT", "/api/option/", { key: "general_setting.ping_interval_enabled", value: "true" });
  const t = await token();
  // STREAMING_TIMEOUT is 3 s here: pings every second keep the client's connection alive, then the
  // 5 s upstream stall ends the stream.
  const res = await fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "stall-model", stream: true, messages: hi }),
  });
  const body = await res.text();
  expect(body).toContain("before the stall");
  expect(body).toContain(": PING");
  expect(body.trim().endsWith("data: [DONE]")).toBe(true);
  await gw.waitFor(
    async () => (await gw.sql("select 1 from logs where modelName = 'stall-model'")).length === 1,
    15_000,
  );
  const [log] = await gw.sql<{ other: string; completionTokens: number }>(
    "select other, completionTokens from logs where modelName = 'stall-model'",
  );
  expect(JSON.parse(log!.other).stream_status.end_reason).toBe("timeout");
  expect(log!.completionTokens).toBeGreaterThan(0);
});

test("SIGTERM flushes every pending log and balance before exit", async () => {
  const t = await token();
  await Promise.all(
    Array.from({ length: 20 }, () => client(t.key).chat.completions.create({ model: "r-pin", messages: hi })),
  );
  const dataDir = gw.dataDir;
  await gw.stop(true); // SIGTERM right after the answers, well inside one flush interval
  gw = await startGateway({ dataDir, env: { STREAMING_TIMEOUT: "3" } });
  const [n] = await gw.sql<{ n: number }>("select count(*) n from logs where tokenId = ? and type = 2", t.id);
  expect(n!.n).toBe(20);
  const [tok] = await gw.sql<{ usedQuota: number }>("select usedQuota from tokens where id = ?", t.id);
  const [sum] = await gw.sql<{ s: number }>("select sum(quota) s from logs where tokenId = ? and type = 2", t.id);
  expect(tok!.usedQuota).toBe(sum!.s);
});

test("the production bundle loads the HTML sanitizer on first use: a footer's script never reaches /api/status", async () => {
  const set = await gw.api("PUT", "/api/option/", {
    key: "Footer",
    value: '<p onclick="steal()">© 网关<script>alert(1)</script><a href="javascript:alert(2)">x</a></p>',
  });
  expect(set.json.success).toBe(true);
  try {
    const status = (await (await fetch(`${gw.url}/api/status`)).json()) as { data: { footer_html: string } };
    expect(status.data.footer_html).toBe('<p>© 网关<a rel="noopener noreferrer">x</a></p>');
  } finally {
    await gw.api("PUT", "/api/option/", { key: "Footer", value: "" });
  }
});
