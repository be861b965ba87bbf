// The human check (Turnstile) on login, register, check-in, redeem, the
// verification code and the password reset: with
// TurnstileCheckEnabled each refuses a missing token (Turnstile token 为空) and a failing one
// (Turnstile 校验失败，请刷新重试！) and accepts a passing one; switched off, nothing is checked.
// The verifier fails closed: unreachable, erroring, garbled or silent → refused. A loopback fake
// plays Cloudflare's siteverify through the test-only TURNSTILE_TEST_VERIFY_URL.
import http from "node:http";
import type { AddressInfo } from "node:net";
import * as checkInRoute from "@/app/api/user/check_in/route";
import * as loginRoute from "@/app/api/user/login/route";
import * as registerRoute from "@/app/api/user/register/route";
import * as topupRoute from "@/app/api/user/topup/route";
import * as resetRoute from "@/app/api/reset_password/route";
import * as verificationRoute from "@/app/api/verification/route";
import { resetEnvForTests } from "@/lib/env";
import { db } from "@/lib/server/db";
import { call, createUser, createUserAndLogin, setOptions, setupApiHarness } from "@/test-support/api/harness";
import { oneCode, setupRedemptionAdmin } from "@/test-support/api/redemptions-support";

setupApiHarness();
setupRedemptionAdmin();

const SECRET = "turnstile-secret-for-tests";
const MISSING = "Turnstile token 为空";
const FAILED = "Turnstile 校验失败，请刷新重试！";

type Seen = { secret: string | null; response: string | null; remoteip: string | null };
const seen: Seen[] = [];
let mode: "normal" | "error" | "garbage" | "silent" = "normal";
const verifier = http.createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const form = new URLSearchParams(body);
    seen.push({ secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") });
    if (mode === "silent") return;
    if (mode === "error") return void res.writeHead(500).end("{}");
    if (mode === "garbage") return void res.end("not json");
    const ok = form.get("secret") === SECRET && form.get("response") === "pass-token";
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(ok ? { success: true } : { success: false, "error-codes": ["invalid-input-response"] }));
  });
});

function useVerifier(url: string) {
  process.env.TURNSTILE_TEST_VERIFY_URL = url;
  resetEnvForTests();
}

let verifierUrl = "";
let user: { id: number; cookie: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => verifier.listen(0, "127.0.0.1", resolve));
  verifierUrl = `http://127.0.0.1:${(verifier.address() as AddressInfo).port}/siteverify`;
  useVerifier(verifierUrl);
  // sessions are made while the check is still off
  user = await createUserAndLogin();
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      verifier.closeAllConnections();
      verifier.close(() => resolve());
    }),
);

beforeEach(async () => {
  mode = "normal";
  useVerifier(verifierUrl);
  await setOptions({
    TurnstileCheckEnabled: "true",
    TurnstileSiteKey: "site-key",
    TurnstileSecretKey: SECRET,
    CheckInEnabled: "true",
    RegisterEnabled: "true",
    PasswordRegisterEnabled: "true",
    EmailVerificationEnabled: "false",
  });
});

const q = (token?: string) => (token === undefined ? "" : `?turnstile=${encodeURIComponent(token)}`);
const loginAs = (username: string, password: string, token?: string) =>
  call(loginRoute, "POST", `/api/user/login${q(token)}`, { body: { username, password }, ip: "203.0.113.7" });
let registered = 0;
const register = (token?: string) => {
  const name = `ts_reg${++registered}`;
  return call(registerRoute, "POST", `/api/user/register${q(token)}`, {
    body: { username: name, password: "password-123", password2: "password-123" },
  });
};
const checkIn = (token?: string) =>
  call(checkInRoute, "POST", `/api/user/check_in${q(token)}`, { cookie: user.cookie });
const redeem = (key: string, token?: string) =>
  call(topupRoute, "POST", `/api/user/topup${q(token)}`, { cookie: user.cookie, body: { key } });

describe("Turnstile enabled", () => {
  test("login: missing and failing tokens refused with their messages, a passing one signs in", async () => {
    const alice = await createUser();
    for (const [token, message] of [
      [undefined, MISSING],
      ["", MISSING],
      ["fail-token", FAILED],
    ] as const) {
      const res = await loginAs(alice.username, alice.password, token);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ success: false, message });
      expect(res.setCookie).toEqual([]);
    }
    const ok = await loginAs(alice.username, alice.password, "pass-token");
    expect(ok.json).toMatchObject({ success: true, message: "登录成功！" });
    // the verifier got the secret, the token and the client address
    expect(seen.at(-1)).toEqual({ secret: SECRET, response: "pass-token", remoteip: "203.0.113.7" });
  });

  test("register: refused without a passing token, nothing created; created with one", async () => {
    const before = await db().user.count();
    expect((await register()).json).toEqual({ success: false, message: MISSING });
    expect((await register("fail-token")).json).toEqual({ success: false, message: FAILED });
    expect(await db().user.count()).toBe(before);
    expect((await register("pass-token")).json).toMatchObject({ success: true, message: "注册成功！" });
    expect(await db().user.count()).toBe(before + 1);
  });

  test("check-in: refused without a passing token, nothing credited; credited with one", async () => {
    expect((await checkIn()).json).toEqual({ success: false, message: MISSING });
    expect((await checkIn("fail-token")).json).toEqual({ success: false, message: FAILED });
    expect(await db().checkIn.count({ where: { userId: user.id } })).toBe(0);
    const ok = await checkIn("pass-token");
    expect(ok.json.success).toBe(true);
    expect(await db().checkIn.count({ where: { userId: user.id } })).toBe(1);
  });

  test("redeem: refused without a passing token, the code stays unused; redeemed with one", async () => {
    await setOptions({ TurnstileCheckEnabled: "false" });
    const code = await oneCode({ quota: 4321 });
    await setOptions({ TurnstileCheckEnabled: "true" });
    expect((await redeem(code.key)).json).toEqual({ success: false, message: MISSING });
    expect((await redeem(code.key, "fail-token")).json).toEqual({ success: false, message: FAILED });
    expect((await db().redemption.findUniqueOrThrow({ where: { key: code.key } })).usedCount).toBe(0);
    const ok = await redeem(code.key, "pass-token");
    expect(ok.json).toMatchObject({ success: true, data: { quota: 4321 } });
  });

  test("fails closed: unreachable, erroring, garbled or silent verifier → refused", async () => {
    const alice = await createUser();
    useVerifier("http://127.0.0.1:1/siteverify");
    expect((await loginAs(alice.username, alice.password, "pass-token")).json.message).toBe(FAILED);
    useVerifier(verifierUrl);
    for (const m of ["error", "garbage"] as const) {
      mode = m;
      expect((await loginAs(alice.username, alice.password, "pass-token")).json.message).toBe(FAILED);
    }
    // a verifier that never answers is cut off by the check's own timeout (well inside this test's)
    mode = "silent";
    const res = await loginAs(alice.username, alice.password, "pass-token");
    expect(res.json.message).toBe(FAILED);
  }, 20_000);

  test("verification code and password reset: refused without a passing token, nothing mailed", async () => {
    for (const [mod, path] of [
      [verificationRoute, "/api/verification"],
      [resetRoute, "/api/reset_password"],
    ] as const) {
      const url = (token?: string) =>
        `${path}?email=someone%40example.com${token === undefined ? "" : `&turnstile=${encodeURIComponent(token)}`}`;
      expect((await call(mod, "GET", url())).json).toMatchObject({ success: false, message: MISSING });
      expect((await call(mod, "GET", url("fail-token"))).json).toMatchObject({ success: false, message: FAILED });
      // a passing token gets past the human check (SMTP is not configured here, so no mail is sent)
      const passed = await call(mod, "GET", url("pass-token"));
      expect([MISSING, FAILED]).not.toContain(passed.json.message);
    }
    expect(await db().verificationCode.count({ where: { target: "someone@example.com" } })).toBe(0);
  });

  test("an oversized token is refused without asking the verifier", async () => {
    const asked = seen.length;
    expect((await checkIn("x".repeat(3000))).json.message).toBe(FAILED);
    expect(seen.length).toBe(asked);
  });
});

describe("Turnstile disabled", () => {
  test("no token needed and the verifier is never asked", async () => {
    await setOptions({ TurnstileCheckEnabled: "false" });
    const asked = seen.length;
    const alice = await createUser();
    expect((await loginAs(alice.username, alice.password)).json.success).toBe(true);
    expect((await register()).json.success).toBe(true);
    expect((await redeem("no-such-code-0000")).json.message).toBe("无效的兑换码");
    expect(seen.length).toBe(asked);
  });
});
