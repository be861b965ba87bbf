// `npm run dev` and the production build serve /api through one router (server/http/api-router.ts):
// the same request gets the same answer from both. Under Next dev's own router, /api/ and /api//status
// were 308 redirects and /api a 307 to /setup (proxy.ts ran first). Both servers start on a fresh
// copy of the same SQLite template; only /api is asked (the dev server never compiles a page).
import { startGateway, type Gateway } from "./gateway";
import { startDevServer, type DevServer } from "./dev-server";

let prod: Gateway;
let dev: DevServer;

beforeAll(async () => {
  // Each assigned as soon as it is up, so afterAll stops it even when the other failed to start.
  await Promise.all([startGateway().then((g) => (prod = g)), startDevServer().then((d) => (dev = d))]);
  // startGateway has set the production server up with a root account: the dev server gets the same.
  const setup = await fetch(`${dev.url}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "root", password: "rootpass123", confirmPassword: "rootpass123" }),
  });
  expect(setup.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await Promise.all([prod?.stop(), dev?.stop()]);
});

type Ask = { method: string; path: string; body?: string };

const ASKS: Ask[] = [
  { method: "GET", path: "/api" },
  { method: "GET", path: "/api/" },
  { method: "GET", path: "/api//status" },
  { method: "GET", path: "/api/status" },
  { method: "GET", path: "/api/status/" },
  { method: "GET", path: "/api/status/?a=1" },
  { method: "GET", path: "/api/no-such-route" },
  { method: "GET", path: "/api/no-such-route/" },
  { method: "GET", path: "/api/user/self" },
  { method: "GET", path: "/api/user/self/" },
  { method: "POST", path: "/api/user/login", body: "{not json" },
  { method: "POST", path: "/api/user/login/", body: JSON.stringify({ username: 7 }) },
  { method: "DELETE", path: "/api/status" },
  { method: "OPTIONS", path: "/api/status" },
];

/** Fields that differ between two processes by nature, not by router. */
const VOLATILE = new Set(["start_time"]);

function withoutVolatile(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutVolatile);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !VOLATILE.has(k))
        .map(([k, v]) => [k, withoutVolatile(v)]),
    );
  return value;
}

async function answer(base: string, ask: Ask) {
  const res = await fetch(base + ask.path, {
    method: ask.method,
    redirect: "manual",
    headers: ask.body === undefined ? {} : { "content-type": "application/json" },
    body: ask.body,
  });
  const text = await res.text();
  const type = res.headers.get("content-type") ?? "";
  return {
    status: res.status,
    type,
    allow: res.headers.get("allow"),
    location: res.headers.get("location"),
    body: type.includes("json") ? withoutVolatile(JSON.parse(text)) : text,
  };
}

test.each(ASKS)("$method $path: the dev server answers as production", async (ask) => {
  const [fromDev, fromProd] = await Promise.all([answer(dev.url, ask), answer(prod.url, ask)]);
  expect(fromDev).toEqual(fromProd);
  // The answers are the router's, not an accident of both failing the same way.
  expect(fromProd.status).toBeLessThan(500);
  expect(fromProd.status).not.toBe(308);
});
