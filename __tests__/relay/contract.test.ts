// new-api's HTTP contract on the production server (issue 22 B), with a client that does NOT follow
// redirects (curl without -L, some SDKs): the trailing-slash forms of /api paths are served directly,
// a new-api client that adds "sk-" to the key the API hands out reaches the relay, and unknown /api
// paths answer a 404 envelope.
import { startGateway, type Gateway } from "./gateway";

let gw: Gateway;

beforeAll(async () => {
  gw = await startGateway();
}, 120_000);

afterAll(async () => {
  await gw?.stop();
});

/** One request, redirects reported instead of followed, with the root session. */
async function noFollow(method: string, path: string, body?: unknown) {
  const res = await fetch(`${gw.url}${path}`, {
    method,
    redirect: "manual",
    headers: { "content-type": "application/json", cookie: gw.cookieHeader() },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, location: res.headers.get("location"), text };
}

describe("trailing slashes (B1)", () => {
  test.each([
    ["GET", "/api/status/"],
    ["GET", "/api/status"],
    ["GET", "/api/user/?p=1&page_size=5"],
    ["GET", "/api/user?p=1&page_size=5"],
    ["GET", "/api/user/self/"],
    ["GET", "/api/channel/?p=1"],
    ["GET", "/api/option/"],
  ])("%s %s is answered directly", async (method, path) => {
    const r = await noFollow(method, path);
    expect({ status: r.status, location: r.location }).toEqual({ status: 200, location: null });
    expect(JSON.parse(r.text).success).toBe(true);
  });

  test("writes on the slash form are served too (POST /api/token/, PUT /api/option/)", async () => {
    const created = await noFollow("POST", "/api/token/", { name: "slash", unlimited_quota: true });
    expect(created.status).toBe(200);
    expect(JSON.parse(created.text)).toMatchObject({ success: true, data: { name: "slash" } });
    const put = await noFollow("PUT", "/api/option/", { key: "Notice", value: "slash notice" });
    expect(put.status).toBe(200);
    expect(JSON.parse(put.text).success).toBe(true);
    const notice = await noFollow("GET", "/api/notice/");
    expect(JSON.parse(notice.text)).toEqual({ success: true, message: "", data: "slash notice" });
  });
});

test("a new-api client adds sk- to the key the API hands out and reaches the relay (B2)", async () => {
  const { id } = await gw.createToken({ name: "newapi-client" });
  const { json } = await gw.api<{ key: string }>("POST", `/api/token/${id}/key`);
  expect(json.data.key).toMatch(/^[A-Za-z0-9]{48}$/);
  for (const key of [`sk-${json.data.key}`, json.data.key]) {
    const models = await fetch(`${gw.url}/v1/models`, { headers: { authorization: `Bearer ${key}` } });
    expect(models.status).toBe(200);
  }
});

test("unknown /api paths answer a 404 envelope, with or without the slash (B9)", async () => {
  for (const [method, path] of [
    ["GET", "/api/no-such-route"],
    ["GET", "/api/no-such-route/"],
    ["POST", "/api/token/batch/nothing/"],
  ] as const) {
    const r = await noFollow(method, path);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text)).toMatchObject({ success: false, message: expect.any(String) });
  }
});
