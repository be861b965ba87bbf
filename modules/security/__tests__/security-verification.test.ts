// Secure verification (POST /api/verify, GET /api/verify/status) and what it guards: the channel key
// read-back POST /api/channel/{id}/key (root only, new-api's {key}), a new access token, an e-mail
// change, a password change of a 2FA account; and the sessions list (GET /api/user/sessions, DELETE
// /api/user/sessions/{sid}, POST /api/user/sessions/revoke-others).
import * as keyRoute from "@/app/api/channel/[id]/key/route";
import * as verifyRoute from "@/app/api/verify/route";
import * as verifyStatusRoute from "@/app/api/verify/status/route";
import * as tokenRoute from "@/app/api/user/token/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as bindRoute from "@/app/api/oauth/email/bind/route";
import * as logoutRoute from "@/app/api/user/logout/route";
import * as sessionsRoute from "@/app/api/user/sessions/route";
import * as sessionRoute from "@/app/api/user/sessions/[sid]/route";
import * as revokeOthersRoute from "@/app/api/user/sessions/revoke-others/route";
import { db } from "@/lib/server/db";
import { LOG_TYPE, ROLE } from "@/lib/constants";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  sessionCookieFrom,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import { createChannel } from "@/test-support/api/channels-support";
import { enableTwoFactor, totpCode, verifyWithPassword } from "@/test-support/api/security-support";

setupApiHarness();

let rootCookie = "";
let channelId = 0;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  channelId = await createChannel(rootCookie, { key: "sk-upstream-secret-1" });
});

const readKey = (cookie: string | undefined, id = channelId, headers: Record<string, string> = {}) =>
  call<{ key: string }>(keyRoute, "POST", `/api/channel/${id}/key`, { cookie, headers, params: { id: String(id) } });

test("the key read-back: refused without a fresh verification (new-api's code), then answered and audit-logged", async () => {
  const cookie = await login(ROOT_USER.username, ROOT_USER.password);
  const before = await readKey(cookie);
  expect(before.status).toBe(403);
  expect(before.json).toEqual({ success: false, message: "需要安全验证", code: "VERIFICATION_REQUIRED" });
  expect(JSON.stringify(before.json)).not.toContain("sk-upstream");

  const status = await call(verifyStatusRoute, "GET", "/api/verify/status", { cookie });
  expect(status.json.data).toMatchObject({
    verified: false,
    methods: { two_fa: false, passkey: false, password: true },
  });
  expect((await verifyWithPassword(cookie, "wrong-password")).status).toBe(400);
  const verified = await verifyWithPassword(cookie, ROOT_USER.password);
  expect(verified.status).toBe(200);
  expect(verified.json.data.verified).toBe(true);
  expect(verified.json.data.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(290);

  const res = await readKey(cookie);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, data: { key: "sk-upstream-secret-1" } });
  expect(res.headers.get("cache-control")).toBe("no-store");
  const audit = await db().log.findFirst({ where: { type: LOG_TYPE.manage }, orderBy: { id: "desc" } });
  expect(JSON.parse(audit!.other)).toMatchObject({ action: "channel_key_view", channel_id: channelId });
  expect(audit!.content).not.toContain("sk-upstream");

  // another session of the same root is not verified by this one's proof
  expect((await readKey(rootCookie)).status).toBe(403);
  expect((await readKey(cookie, 999_999)).status).toBe(404);
  expect((await readKey(cookie, 0)).status).toBe(400);
});

test("the key read-back: an expired verification (5 minutes) is refused; admins and users never get it", async () => {
  const cookie = await login(ROOT_USER.username, ROOT_USER.password);
  await verifyWithPassword(cookie, ROOT_USER.password);
  const sid = (
    await call<{ sid: string; current: boolean }[]>(sessionsRoute, "GET", "/api/user/sessions", { cookie })
  ).json.data.find((s) => s.current)!.sid;
  await db().userSession.update({ where: { id: sid }, data: { verifiedAt: Math.floor(Date.now() / 1000) - 301 } });
  const expired = await readKey(cookie);
  expect(expired.status).toBe(403);
  expect(expired.json.code).toBe("VERIFICATION_EXPIRED");

  const admin = await createUserAndLogin({ role: ROLE.admin });
  await verifyWithPassword(admin.cookie, admin.password);
  expect((await readKey(admin.cookie)).status).toBe(403);
  const user = await createUserAndLogin();
  expect((await readKey(user.cookie)).status).toBe(403);
  expect((await readKey(undefined)).status).toBe(401);
});

test("with 2FA on, verification takes a code (once), not the password; a password change then needs it", async () => {
  const me = await createUserAndLogin();
  const { secret } = await enableTwoFactor(me.cookie);
  const byPassword = await verifyWithPassword(me.cookie, me.password);
  expect(byPassword.status).toBe(400);
  const change = { password: "brand-new-pass-1", original_password: me.password };
  const refused = await call(selfRoute, "PUT", "/api/user/self", { cookie: me.cookie, body: change });
  expect(refused.status).toBe(403);
  expect(refused.json.code).toBe("VERIFICATION_REQUIRED");

  const code = totpCode(secret);
  const verify = (c: unknown) =>
    call(verifyRoute, "POST", "/api/verify", { cookie: me.cookie, body: { method: "2fa", code: c } });
  expect((await verify("abc def")).status).toBe(400);
  expect((await verify("9".repeat(100_000))).status).toBe(400);
  expect((await verify(code)).status).toBe(200);
  expect((await verify(code)).status).toBe(400); // replayed
  expect((await call(verifyRoute, "POST", "/api/verify", { cookie: me.cookie, body: { method: "sms" } })).status).toBe(
    400,
  );

  const changed = await call(selfRoute, "PUT", "/api/user/self", { cookie: me.cookie, body: change });
  expect(changed.status).toBe(200);
});

test("a new access token and an e-mail change need a verification; an access-token caller can never give one", async () => {
  const me = await createUserAndLogin();
  const before = await call(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie });
  expect(before.status).toBe(403);
  expect(before.json.code).toBe("VERIFICATION_REQUIRED");
  const bind = await call(bindRoute, "POST", "/api/oauth/email/bind", {
    cookie: me.cookie,
    headers: { "new-api-user": String(me.id) },
    body: { email: "new@example.com", code: "123456" },
  });
  expect(bind.status).toBe(403);

  await verifyWithPassword(me.cookie, me.password);
  const token = await call<string>(tokenRoute, "GET", "/api/user/token", { cookie: me.cookie });
  expect(token.status).toBe(200);
  const viaToken = { authorization: token.json.data, "new-api-user": String(me.id) };
  const again = await call(tokenRoute, "GET", "/api/user/token", { headers: viaToken });
  expect(again.status).toBe(403);
  expect(
    (
      await call(verifyRoute, "POST", "/api/verify", {
        headers: viaToken,
        body: { method: "password", password: me.password },
      })
    ).status,
  ).toBe(401);
});

test("sessions: listed with device and address; one or all others ended; another user's refused; a password change ends the others", async () => {
  const me = await createUserAndLogin({ password: "session-pass-1" });
  const second = await login(me.username, me.password, "10.1.2.3");
  const other = await createUserAndLogin();
  const list = await call<{ sid: string; current: boolean; ip: string; user_agent: string; last_active_at: number }[]>(
    sessionsRoute,
    "GET",
    "/api/user/sessions",
    { cookie: me.cookie },
  );
  expect(list.status).toBe(200);
  expect(list.json.data).toHaveLength(2);
  expect(list.json.data.filter((s) => s.current)).toHaveLength(1);
  expect(list.json.data.map((s) => s.ip).sort()).toEqual(["10.1.2.3", "127.0.0.1"]);
  expect(list.json.data.map((s) => (s as { login_method?: string }).login_method)).toEqual(["password", "password"]);
  const secondSid = list.json.data.find((s) => s.ip === "10.1.2.3")!.sid;

  // another user cannot end it (not found, like an unknown id), nor can a malformed id
  const foreign = await call(sessionRoute, "DELETE", `/api/user/sessions/${secondSid}`, {
    cookie: other.cookie,
    params: { sid: secondSid },
  });
  expect(foreign.status).toBe(404);
  expect(
    (await call(sessionRoute, "DELETE", "/api/user/sessions/x", { cookie: me.cookie, params: { sid: "a/b" } })).status,
  ).toBe(404);
  expect((await call(sessionsRoute, "GET", "/api/user/sessions", { cookie: second })).status).toBe(200);

  const ended = await call(sessionRoute, "DELETE", `/api/user/sessions/${secondSid}`, {
    cookie: me.cookie,
    params: { sid: secondSid },
  });
  expect(ended.json).toMatchObject({ success: true, data: { revoked_sid: secondSid, current: false } });
  expect((await call(sessionsRoute, "GET", "/api/user/sessions", { cookie: second })).status).toBe(401);

  const third = await login(me.username, me.password);
  const fourth = await login(me.username, me.password);
  const revoked = await call(revokeOthersRoute, "POST", "/api/user/sessions/revoke-others", { cookie: me.cookie });
  expect(revoked.json.data).toEqual({ revoked_count: 2 });
  for (const c of [third, fourth])
    expect((await call(sessionsRoute, "GET", "/api/user/sessions", { cookie: c })).status).toBe(401);

  const fifth = await login(me.username, me.password);
  const changed = await call(selfRoute, "PUT", "/api/user/self", {
    cookie: me.cookie,
    body: { password: "session-pass-2", original_password: "session-pass-1" },
  });
  expect(changed.status).toBe(200);
  const fresh = sessionCookieFrom(changed.setCookie)!;
  expect((await call(sessionsRoute, "GET", "/api/user/sessions", { cookie: fifth })).status).toBe(401);
  const after = await call<unknown[]>(sessionsRoute, "GET", "/api/user/sessions", { cookie: fresh });
  expect(after.json.data).toHaveLength(1);

  // signing out ends the row, not only the cookie
  await call(logoutRoute, "GET", "/api/user/logout", { cookie: fresh });
  expect(await db().userSession.count({ where: { userId: me.id } })).toBe(0);
});
