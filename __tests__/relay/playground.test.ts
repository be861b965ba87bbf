// POST /pg/chat/completions as the /playground page calls it: the
// body's group picks the channels (only a usable group), New-Api-User must be the session's user,
// the default max_tokens 0 ("no limit") never reaches the upstream, and the reply streams.
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
let rootId: number;

const hi = [{ role: "user", content: "hi" }];
const request = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/pg/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: gw.cookieHeader(), ...headers },
    body: JSON.stringify({ messages: hi, stream: true, max_tokens: 0, temperature: 0, group: "", ...fields }),
  });

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  const self = await gw.api<{ id: number }>("GET", "/api/user/self");
  rootId = self.json.data.id;
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "pg-default": 1, "pg-vip": 1, "slow-pg": 1 }),
  });
  await gw.api("PUT", "/api/option/", {
    key: "UserUsableGroups",
    value: JSON.stringify({ default: "默认分组", pgvip: "VIP" }),
  });
  await gw.createChannel({ name: "pg-default", key: "sk-up", base_url: up.url, models: "pg-default,slow-pg" });
  await gw.createChannel({ name: "pg-vip", key: "sk-up", base_url: up.url, models: "pg-vip", group: "pgvip" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("the body's group selects its channels; an empty group is the user's own", async () => {
  const own = await request({ model: "pg-vip" });
  expect(own.status).toBe(503);
  expect(((await own.json()) as { error: { code: string } }).error.code).toBe("model_not_found");

  const vip = await request({ model: "pg-vip", group: "pgvip" }, { "New-Api-User": String(rootId) });
  expect(vip.status).toBe(200);
  expect(await vip.text()).toContain("word0");
  const sent = up.requests.at(-1)!;
  expect(sent.body.model).toBe("pg-vip");
  expect(sent.body).not.toHaveProperty("group");
});

test("a group the user may not use is refused and nothing reaches the upstream", async () => {
  const before = up.requests.length;
  const res = await request({ model: "pg-vip", group: "not-mine" });
  expect(res.status).toBe(403);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("access_denied");
  expect(up.requests.length).toBe(before);
});

test("New-Api-User must name the logged-in user", async () => {
  const res = await request({ model: "pg-default" }, { "New-Api-User": String(rootId + 1000) });
  expect(res.status).toBe(401);
});

test("max_tokens 0 means no limit and is not sent upstream; other values and temperature are", async () => {
  expect((await request({ model: "pg-default" })).status).toBe(200);
  const unlimited = up.requests.at(-1)!.body;
  expect(unlimited).not.toHaveProperty("max_tokens");
  expect(unlimited.temperature).toBe(0);

  const limited = await request({ model: "pg-default", max_tokens: 64, temperature: 0.7 });
  await limited.text();
  expect(up.requests.at(-1)!.body).toMatchObject({ max_tokens: 64, temperature: 0.7 });

  const bad = await request({ model: "pg-default", max_tokens: 1.5 });
  expect(bad.status).toBe(400);
});

test("the reply reaches the browser chunk by chunk, before the upstream has finished", async () => {
  const res = await request({ model: "slow-pg" });
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("word0")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  // 50 chunks 20 ms apart: the first word arrives long before the last one is written
  expect(text).toContain("word0");
  expect(text).not.toContain("word49");
  await reader.cancel();
});
