// Two-factor sign-in (issue 40) at new-api's routes: /api/user/2fa/{status,setup,enable,disable,
// backup_codes}, the sign-in's second step POST /api/user/login/2fa, and the admin's stats and reset.
// Codes are computed here from the secret the set-up answers, as an authenticator app would.
import * as statusRoute from "@/app/api/user/2fa/status/route";
import * as setupRoute from "@/app/api/user/2fa/setup/route";
import * as enableRoute from "@/app/api/user/2fa/enable/route";
import * as disableRoute from "@/app/api/user/2fa/disable/route";
import * as backupRoute from "@/app/api/user/2fa/backup_codes/route";
import * as statsRoute from "@/app/api/user/2fa/stats/route";
import * as resetRoute from "@/app/api/user/[id]/2fa/route";
import * as loginRoute from "@/app/api/user/login/route";
import * as login2faRoute from "@/app/api/user/login/2fa/route";
import * as selfRoute from "@/app/api/user/self/route";
import { db } from "@/lib/server/db";
import { ROLE, LOG_TYPE } from "@/lib/constants";
import {
  call,
  createUserAndLogin,
  login,
  ROOT_USER,
  sessionCookieFrom,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import { awayFromStepEdge, enableTwoFactor, totpCode } from "@/test-support/api/security-support";

setupApiHarness();

beforeAll(async () => {
  await setupRoot();
});

const PENDING = "gateway-2fa-pending";
type TwoFactorStatus = { enabled: boolean; locked: boolean; backup_codes_remaining?: number };

/** The password step: its answer and the pending sign-in's cookie (no session). */
async function passwordStep(username: string, password: string) {
  const res = await call<{ require_2fa?: boolean }>(loginRoute, "POST", "/api/user/login", {
    body: { username, password },
  });
  const pending = res.setCookie.find((c) => c.startsWith(`${PENDING}=`))?.split(";")[0];
  return { res, pending };
}

const secondStep = (pending: string | undefined, code: unknown) =>
  call(login2faRoute, "POST", "/api/user/login/2fa", { cookie: pending, body: { code } });

test("set-up answers the secret, the otpauth URI and backup codes; the secret is sealed at rest; enable needs a right code", async () => {
  const me = await createUserAndLogin();
  const off = await call(statusRoute, "GET", "/api/user/2fa/status", { cookie: me.cookie });
  expect(off.json).toEqual({ success: true, message: "", data: { enabled: false, locked: false } });

  await awayFromStepEdge();
  const setup = await call<{ secret: string; qr_code_data: string; backup_codes: string[] }>(
    setupRoute,
    "POST",
    "/api/user/2fa/setup",
    { cookie: me.cookie },
  );
  expect(setup.status).toBe(200);
  const { secret, qr_code_data: uri, backup_codes: codes } = setup.json.data;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(uri).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(uri).searchParams.get("secret")).toBe(secret);
  expect(decodeURIComponent(uri)).toContain(me.username);
  expect(codes).toHaveLength(8);
  for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  const row = await db().twoFA.findUnique({ where: { userId: me.id } });
  expect(row?.isEnabled).toBe(false);
  expect(row?.secret).not.toContain(secret);
  const stored = await db().twoFABackupCode.findMany({ where: { userId: me.id } });
  expect(stored.map((r) => r.codeHash).join()).not.toContain(codes[0]!.slice(0, 4));

  // hostile, wrong and expired (two steps old) codes: refused with a 4xx in the envelope, nothing
  // enabled (four of them count against the account's five wrong tries)
  for (const code of ["abcdef", "12345", "", "1234567", totpCode(secret, -2)]) {
    const res = await call(enableRoute, "POST", "/api/user/2fa/enable", { cookie: me.cookie, body: { code } });
    expect(res.status).toBe(400);
    expect(res.json.success).toBe(false);
  }
  const huge = await call(enableRoute, "POST", "/api/user/2fa/enable", {
    cookie: me.cookie,
    body: { code: "1".repeat(1 << 20) },
  });
  expect([400, 413]).toContain(huge.status);
  expect(huge.json.success).toBe(false);
  expect((await db().twoFA.findUnique({ where: { userId: me.id } }))?.isEnabled).toBe(false);

  // spaces inside the right code are allowed (as new-api)
  const good = totpCode(secret);
  const on = await call(enableRoute, "POST", "/api/user/2fa/enable", {
    cookie: me.cookie,
    body: { code: `${good.slice(0, 3)} ${good.slice(3)}` },
  });
  expect(on.status).toBe(200);
  const status = await call(statusRoute, "GET", "/api/user/2fa/status", { cookie: me.cookie });
  expect(status.json.data).toEqual({ enabled: true, locked: false, backup_codes_remaining: 8 });
  const again = await call(setupRoute, "POST", "/api/user/2fa/setup", { cookie: me.cookie });
  expect(again.status).toBe(400);
});

test("sign-in: the password step issues no session; the second step takes a right code once, and backup codes once", async () => {
  const me = await createUserAndLogin();
  const { secret, backupCodes } = await enableTwoFactor(me.cookie);

  const first = await passwordStep(me.username, me.password);
  expect(first.res.status).toBe(200);
  expect(first.res.json).toMatchObject({ success: true, data: { require_2fa: true } });
  expect(sessionCookieFrom(first.res.setCookie)).toBeUndefined();
  expect(first.pending).toBeDefined();
  expect((await call(selfRoute, "GET", "/api/user/self", { cookie: first.pending })).status).toBe(401);

  // no pending sign-in, a wrong code, letters: refused
  expect((await secondStep(undefined, totpCode(secret))).status).toBe(400);
  expect((await secondStep(first.pending, "000000" === totpCode(secret) ? "111111" : "000000")).status).toBe(400);
  expect((await secondStep(first.pending, { $ne: 1 })).status).toBe(400);

  const code = totpCode(secret); // the enable used the previous step's code
  const ok = await secondStep(first.pending, code);
  expect(ok.status).toBe(200);
  expect(ok.json.data).toMatchObject({ id: me.id, username: me.username });
  const session = sessionCookieFrom(ok.setCookie);
  expect(session).toBeDefined();
  expect((await call(selfRoute, "GET", "/api/user/self", { cookie: session })).status).toBe(200);
  // the pending sign-in is used up
  expect((await secondStep(first.pending, totpCode(secret, 1))).status).toBe(400);

  // the same code on a new sign-in: a replay, refused
  const second = await passwordStep(me.username, me.password);
  const replay = await secondStep(second.pending, code);
  expect(replay.status).toBe(400);
  expect(replay.json.message).toBe("验证码或备用码错误，请重试");

  // a backup code works once (lower case, without the dash, is the same code)
  const backup = backupCodes[0]!;
  expect((await secondStep(second.pending, backup.replace("-", "").toLowerCase())).status).toBe(200);
  const third = await passwordStep(me.username, me.password);
  expect((await secondStep(third.pending, backup)).status).toBe(400);
  const left = await call<TwoFactorStatus>(statusRoute, "GET", "/api/user/2fa/status", { cookie: me.cookie });
  expect(left.json.data.backup_codes_remaining).toBe(7);
});

test("guessing is limited per account: after 5 wrong codes even the right one is refused (429)", async () => {
  const me = await createUserAndLogin();
  const { secret } = await enableTwoFactor(me.cookie);
  const { pending } = await passwordStep(me.username, me.password);
  const wrong = totpCode(secret) === "123456" ? "654321" : "123456";
  for (let i = 0; i < 5; i++) expect((await secondStep(pending, wrong)).status).toBe(400);
  const locked = await secondStep(pending, totpCode(secret));
  expect(locked.status).toBe(429);
  expect(locked.json.success).toBe(false);
  // another sign-in of the same account is locked too; the lock shows in the status
  const other = await passwordStep(me.username, me.password);
  expect((await secondStep(other.pending, totpCode(secret))).status).toBe(429);
  const status = await call<TwoFactorStatus>(statusRoute, "GET", "/api/user/2fa/status", { cookie: me.cookie });
  expect(status.json.data.locked).toBe(true);
});

test("disable needs a code (a backup code will do); backup codes regenerate for a TOTP code only, and the old ones stop", async () => {
  const me = await createUserAndLogin();
  const { secret, backupCodes } = await enableTwoFactor(me.cookie);
  expect(
    (await call(disableRoute, "POST", "/api/user/2fa/disable", { cookie: me.cookie, body: { code: "ABCD-EFGH" } }))
      .status,
  ).toBe(400);
  expect(
    (
      await call(backupRoute, "POST", "/api/user/2fa/backup_codes", {
        cookie: me.cookie,
        body: { code: backupCodes[0] },
      })
    ).status,
  ).toBe(400);

  const fresh = await call<{ backup_codes: string[] }>(backupRoute, "POST", "/api/user/2fa/backup_codes", {
    cookie: me.cookie,
    body: { code: totpCode(secret) },
  });
  expect(fresh.status).toBe(200);
  expect(fresh.json.data.backup_codes).toHaveLength(8);
  expect(
    (await call(disableRoute, "POST", "/api/user/2fa/disable", { cookie: me.cookie, body: { code: backupCodes[1] } }))
      .status,
  ).toBe(400);

  const off = await call(disableRoute, "POST", "/api/user/2fa/disable", {
    cookie: me.cookie,
    body: { code: fresh.json.data.backup_codes[0] },
  });
  expect(off.status).toBe(200);
  expect(await db().twoFA.count({ where: { userId: me.id } })).toBe(0);
  expect(await db().twoFABackupCode.count({ where: { userId: me.id } })).toBe(0);
  // signing in is one step again
  expect(sessionCookieFrom((await passwordStep(me.username, me.password)).res.setCookie)).toBeDefined();
});

test("admin: adoption stats; a reset of a lower user (audit-logged), never of an admin's or root's; users may not", async () => {
  const rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  const admin = await createUserAndLogin({ role: ROLE.admin });
  const user = await createUserAndLogin();
  const otherAdmin = await createUserAndLogin({ role: ROLE.admin });
  await enableTwoFactor(user.cookie);
  await enableTwoFactor(rootCookie);
  await enableTwoFactor(otherAdmin.cookie);

  const stats = await call<{ total_users: number; enabled_users: number; enabled_rate: string }>(
    statsRoute,
    "GET",
    "/api/user/2fa/stats",
    { cookie: admin.cookie },
  );
  expect(stats.status).toBe(200);
  expect(stats.json.data.enabled_users).toBeGreaterThanOrEqual(3);
  expect(stats.json.data.enabled_rate).toMatch(/^\d+\.\d%$/);
  expect((await call(statsRoute, "GET", "/api/user/2fa/stats", { cookie: user.cookie })).status).toBe(403);

  const reset = (cookie: string, id: number) =>
    call(resetRoute, "DELETE", `/api/user/${id}/2fa`, { cookie, params: { id: String(id) } });
  const rootRow = await db().user.findFirstOrThrow({ where: { username: ROOT_USER.username } });
  expect((await reset(user.cookie, rootRow.id)).status).toBe(403);
  expect((await reset(admin.cookie, rootRow.id)).status).toBe(403);
  expect((await reset(admin.cookie, otherAdmin.id)).status).toBe(403);
  expect(await db().twoFA.count({ where: { userId: { in: [rootRow.id, otherAdmin.id] } } })).toBe(2);

  const done = await reset(admin.cookie, user.id);
  expect(done.status).toBe(200);
  expect(await db().twoFA.count({ where: { userId: user.id } })).toBe(0);
  const audit = await db().log.findFirst({
    where: { type: LOG_TYPE.manage, userId: admin.id },
    orderBy: { id: "desc" },
  });
  expect(audit?.content).toContain(user.username);
  expect(JSON.parse(audit!.other)).toMatchObject({ action: "user_2fa_disable", target_user_id: user.id });
  expect((await reset(admin.cookie, user.id)).status).toBe(400); // nothing left to reset
  expect((await reset(rootCookie, otherAdmin.id)).status).toBe(200); // root may reset an admin
  expect((await reset(admin.cookie, 999_999)).status).toBe(404);
});
