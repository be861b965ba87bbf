// The CSRF guard for cookie-authenticated writes (lib/server/http/same-site.ts).
import { resetEnvForTests } from "@/lib/env";
import { isCrossSite } from "@/lib/server/http/same-site";

const saved = { ...process.env };

function headers(init: Record<string, string>): Headers {
  return new Headers(init);
}

beforeEach(() => {
  process.env = {
    ...saved,
    NODE_ENV: "test",
    SESSION_SECRET: "s".repeat(32),
    CRYPTO_SECRET: "c".repeat(32),
    TRUST_PROXY: "false",
  };
  resetEnvForTests();
});

afterAll(() => {
  process.env = saved;
  resetEnvForTests();
});

test("no Origin and no Referer (scripts, curl) is not cross-site", () => {
  expect(isCrossSite(headers({ host: "gw.example.com" }))).toBe(false);
});

test("same host in Origin or Referer is not cross-site, case-insensitively, with ports", () => {
  expect(isCrossSite(headers({ host: "gw.example.com", origin: "https://gw.example.com" }))).toBe(false);
  expect(isCrossSite(headers({ host: "GW.example.com", origin: "https://gw.EXAMPLE.com" }))).toBe(false);
  expect(isCrossSite(headers({ host: "localhost:3000", origin: "http://localhost:3000" }))).toBe(false);
  expect(isCrossSite(headers({ host: "gw.example.com", referer: "https://gw.example.com/console/token" }))).toBe(false);
});

test("another host, another port, a null or malformed Origin is cross-site", () => {
  expect(isCrossSite(headers({ host: "gw.example.com", origin: "https://evil.example" }))).toBe(true);
  expect(isCrossSite(headers({ host: "localhost:3000", origin: "http://localhost:4000" }))).toBe(true);
  expect(isCrossSite(headers({ host: "gw.example.com", origin: "null" }))).toBe(true);
  expect(isCrossSite(headers({ host: "gw.example.com", origin: "not a url" }))).toBe(true);
  expect(isCrossSite(headers({ host: "gw.example.com", referer: "https://evil.example/x" }))).toBe(true);
});

test("Origin wins over Referer", () => {
  expect(
    isCrossSite(
      headers({ host: "gw.example.com", origin: "https://evil.example", referer: "https://gw.example.com/" }),
    ),
  ).toBe(true);
});

test("an Origin without a Host header is refused", () => {
  expect(isCrossSite(headers({ origin: "https://gw.example.com" }))).toBe(true);
});

test("X-Forwarded-Host counts only when TRUST_PROXY is set", () => {
  const h = headers({
    host: "127.0.0.1:3000",
    "x-forwarded-host": "gw.example.com, proxy.internal",
    origin: "https://gw.example.com",
  });
  expect(isCrossSite(h)).toBe(true);
  process.env.TRUST_PROXY = "true";
  resetEnvForTests();
  expect(isCrossSite(h)).toBe(false);
});
