// Passkeys (issue 40) at new-api's routes: register (begin/finish), list and delete (GET/DELETE
// /api/user/passkey), username-less sign-in (login/begin, login/finish) and secure verification
// (verify/begin, verify/finish, then POST /api/verify {method: "passkey"}), against a software
// authenticator; RP ID and origin from ServerAddress. Hostile responses (another origin or RP ID,
// a replayed assertion, a counter going backwards, another user's credential) are 4xx, nothing stored.
import * as passkeyRoute from "@/app/api/user/passkey/route";
import * as registerBegin from "@/app/api/user/passkey/register/begin/route";
import * as registerFinish from "@/app/api/user/passkey/register/finish/route";
import * as loginBegin from "@/app/api/user/passkey/login/begin/route";
import * as loginFinish from "@/app/api/user/passkey/login/finish/route";
import * as verifyBegin from "@/app/api/user/passkey/verify/begin/route";
import * as verifyFinish from "@/app/api/user/passkey/verify/finish/route";
import * as verifyRoute from "@/app/api/verify/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as resetPasskeyRoute from "@/app/api/user/[id]/reset_passkey/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import {
  call,
  createUserAndLogin,
  sessionCookieFrom,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";
import { SoftAuthenticator } from "@/test-support/api/webauthn-support";

setupApiHarness();

const SITE = { origin: "https://gate.example", rpId: "gate.example" };
type Options = {
  options: { publicKey: { challenge: string; rp?: { id: string }; rpId?: string; user?: { id: string } } };
};

beforeAll(async () => {
  await setupRoot();
  await setOptions({ ServerAddress: "https://gate.example" });
});

const ticketOf = (setCookie: string[]) => setCookie.find((c) => c.startsWith("gateway-webauthn="))!.split(";")[0]!;
const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join("; ");

async function begin(
  route: typeof registerBegin | typeof loginBegin | typeof verifyBegin,
  path: string,
  cookie?: string,
) {
  const res = await call<Options>(route, "POST", path, { cookie });
  expect(res.status).toBe(200);
  return {
    challenge: res.json.data.options.publicKey.challenge,
    publicKey: res.json.data.options.publicKey,
    ticket: ticketOf(res.setCookie),
  };
}

async function registerPasskey(user: { id: number; cookie: string }, target = SITE) {
  const auth = new SoftAuthenticator(user.id);
  const b = await begin(registerBegin, "/api/user/passkey/register/begin", user.cookie);
  const res = await call(registerFinish, "POST", "/api/user/passkey/register/finish", {
    cookie: join(user.cookie, b.ticket),
    body: auth.register(b.challenge, target),
  });
  return { auth, res, begun: b };
}

async function signIn(auth: SoftAuthenticator, make = (challenge: string) => auth.assert(challenge, SITE)) {
  const b = await begin(loginBegin, "/api/user/passkey/login/begin");
  const body = make(b.challenge);
  const res = await call(loginFinish, "POST", "/api/user/passkey/login/finish", { cookie: b.ticket, body });
  return { res, body, ticket: b.ticket };
}

test("register with RP ID from ServerAddress; list; hostile registrations refused and nothing stored", async () => {
  const me = await createUserAndLogin();
  // another origin, another RP ID: refused
  for (const target of [
    { ...SITE, origin: "https://evil.example" },
    { ...SITE, rpId: "evil.example" },
  ]) {
    const bad = await registerPasskey(me, target);
    expect(bad.res.status).toBe(400);
    expect(bad.res.json.success).toBe(false);
  }
  expect(await db().passkeyCredential.count({ where: { userId: me.id } })).toBe(0);

  const { auth, res, begun } = await registerPasskey(me);
  expect(begun.publicKey.rp?.id).toBe("gate.example");
  expect(Buffer.from(begun.publicKey.user!.id, "base64url").toString()).toBe(String(me.id));
  expect(res.status).toBe(200);
  // the same finish again (its challenge used up; and adding now needs a verification): refused
  const again = await call(registerFinish, "POST", "/api/user/passkey/register/finish", {
    cookie: join(me.cookie, begun.ticket),
    body: auth.register(begun.challenge, SITE),
  });
  expect([400, 403]).toContain(again.status);
  expect(await db().passkeyCredential.count({ where: { userId: me.id } })).toBe(1);
  const status = await call<{ enabled: boolean; passkeys: { id: number }[] }>(
    passkeyRoute,
    "GET",
    "/api/user/passkey",
    { cookie: me.cookie },
  );
  expect(status.json.data.enabled).toBe(true);
  expect(status.json.data.passkeys).toHaveLength(1);
  // with a passkey, adding another needs a fresh verification
  const second = await call(registerBegin, "POST", "/api/user/passkey/register/begin", { cookie: me.cookie });
  expect(second.status).toBe(403);
  expect(second.json.code).toBe("VERIFICATION_REQUIRED");
});

test("username-less sign-in; replayed assertion, counter backwards, other origin/RP ID and a foreign user handle refused", async () => {
  const me = await createUserAndLogin();
  const { auth } = await registerPasskey(me);

  const ok = await signIn(auth);
  expect(ok.res.status).toBe(200);
  expect(ok.res.json.data).toMatchObject({ id: me.id });
  const session = sessionCookieFrom(ok.res.setCookie);
  expect((await call(selfRoute, "GET", "/api/user/self", { cookie: session })).status).toBe(200);

  // the same assertion with its own (used) ticket, then on a new challenge
  expect(
    (await call(loginFinish, "POST", "/api/user/passkey/login/finish", { cookie: ok.ticket, body: ok.body })).status,
  ).toBe(400);
  expect((await signIn(auth, () => ok.body)).res.status).toBe(400);
  // a counter that does not grow
  expect((await signIn(auth, (c) => auth.assert(c, SITE, 1))).res.status).toBe(400);
  expect((await signIn(auth, (c) => auth.assert(c, { ...SITE, origin: "https://evil.example" }))).res.status).toBe(400);
  expect((await signIn(auth, (c) => auth.assert(c, { ...SITE, rpId: "evil.example" }))).res.status).toBe(400);
  const foreign = await signIn(auth, (c) => {
    const body = auth.assert(c, SITE);
    return { ...body, response: { ...body.response, userHandle: Buffer.from("999").toString("base64url") } };
  });
  expect(foreign.res.status).toBe(400);
  // malformed: letters outside base64url, 1 MB, wrong type
  const b = await begin(loginBegin, "/api/user/passkey/login/begin");
  for (const body of [
    { ...auth.assert(b.challenge, SITE), id: "not base64!" },
    { id: "x".repeat(1 << 20) },
    { type: "password" },
  ]) {
    const res = await call(loginFinish, "POST", "/api/user/passkey/login/finish", { cookie: b.ticket, body });
    expect([400, 413]).toContain(res.status);
  }
  // the stored counter only moved with accepted assertions
  const row = await db().passkeyCredential.findFirstOrThrow({ where: { userId: me.id } });
  expect(Number(row.signCount)).toBe(1);
});

test("a passkey verifies a session (then POST /api/verify), and deleting it needs that verification", async () => {
  const me = await createUserAndLogin();
  const other = await createUserAndLogin();
  const { auth } = await registerPasskey(me);
  const otherKey = (await registerPasskey(other)).auth;

  const status = await call<{ passkeys: { id: number }[] }>(passkeyRoute, "GET", "/api/user/passkey", {
    cookie: me.cookie,
  });
  const id = status.json.data.passkeys[0]!.id;
  const del = () => call(passkeyRoute, "DELETE", `/api/user/passkey?id=${id}`, { cookie: me.cookie });
  expect((await del()).status).toBe(403);
  const early = await call(verifyRoute, "POST", "/api/verify", { cookie: me.cookie, body: { method: "passkey" } });
  expect(early.status).toBe(400);

  // another user's passkey cannot verify this session
  const b0 = await begin(verifyBegin, "/api/user/passkey/verify/begin", me.cookie);
  const foreign = await call(verifyFinish, "POST", "/api/user/passkey/verify/finish", {
    cookie: join(me.cookie, b0.ticket),
    body: otherKey.assert(b0.challenge, SITE),
  });
  expect(foreign.status).toBe(400);

  const b = await begin(verifyBegin, "/api/user/passkey/verify/begin", me.cookie);
  const done = await call(verifyFinish, "POST", "/api/user/passkey/verify/finish", {
    cookie: join(me.cookie, b.ticket),
    body: auth.assert(b.challenge, SITE),
  });
  expect(done.status).toBe(200);
  const verified = await call(verifyRoute, "POST", "/api/verify", { cookie: me.cookie, body: { method: "passkey" } });
  expect(verified.status).toBe(200);
  expect((await del()).status).toBe(200);
  expect(await db().passkeyCredential.count({ where: { userId: me.id } })).toBe(0);
  expect(await db().passkeyCredential.count({ where: { userId: other.id } })).toBe(1);
});

test("admin: resets a lower user's passkeys (audit-logged), never another admin's; users may not", async () => {
  const admin = await createUserAndLogin({ role: ROLE.admin });
  const peer = await createUserAndLogin({ role: ROLE.admin });
  const user = await createUserAndLogin();
  await registerPasskey(user);
  await registerPasskey(peer);
  const reset = (cookie: string, id: number) =>
    call(resetPasskeyRoute, "DELETE", `/api/user/${id}/reset_passkey`, { cookie, params: { id: String(id) } });
  expect((await reset(user.cookie, peer.id)).status).toBe(403);
  expect((await reset(admin.cookie, peer.id)).status).toBe(403);
  expect((await reset(admin.cookie, user.id)).status).toBe(200);
  expect(await db().passkeyCredential.count({ where: { userId: user.id } })).toBe(0);
  expect(await db().passkeyCredential.count({ where: { userId: peer.id } })).toBe(1);
  expect((await reset(admin.cookie, user.id)).status).toBe(400);
  const audit = await db().log.findFirst({ where: { userId: admin.id }, orderBy: { id: "desc" } });
  expect(JSON.parse(audit!.other)).toMatchObject({ action: "user_reset_passkey", target_user_id: user.id });
});
