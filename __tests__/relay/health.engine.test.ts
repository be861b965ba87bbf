// /healthz and /readyz on the production server: answered before Next (so even before setup, with
// no session), never cached, GET/HEAD only; readyz checks the database.
import { startGateway, type Gateway } from "./gateway";

let gw: Gateway;

beforeAll(async () => {
  // fresh: the site is not set up yet (every page would redirect to /setup); health checks still answer.
  gw = await startGateway({ fresh: true });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
});

test("GET /healthz: alive", async () => {
  const r = await fetch(`${gw.url}/healthz`, { redirect: "manual" });
  expect(r.status).toBe(200);
  expect(r.headers.get("cache-control")).toBe("no-store");
  expect(await r.json()).toEqual({ status: "ok" });
});

test("GET /readyz: ready when the database answers", async () => {
  const r = await fetch(`${gw.url}/readyz`, { redirect: "manual" });
  expect(r.status).toBe(200);
  expect(await r.json()).toEqual({ status: "ready", database: "ok" });
});

test("HEAD is answered without a body; other methods get 405", async () => {
  const head = await fetch(`${gw.url}/readyz`, { method: "HEAD" });
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");
  const post = await fetch(`${gw.url}/healthz`, { method: "POST" });
  expect(post.status).toBe(405);
  expect(post.headers.get("allow")).toBe("GET, HEAD");
});
