// Issue 17 item 1: an admin cannot take over root through options. The attacks of the issue, step by
// step over HTTP: the admin cannot read root's e-mail or provider ids, cannot repoint SMTP, the
// WeChat server or the OIDC endpoints (nor any other root-only key, alone or inside a batch), cannot
// reset the price tables; root's endpoint and secret saved in separate calls are both kept; and
// every option write and admin action on users and channels leaves a type 3 audit log.
import * as channelRoute from "@/app/api/channel/route";
import * as optionRoute from "@/app/api/option/route";
import * as searchRoute from "@/app/api/user/search/route";
import * as usersRoute from "@/app/api/user/route";
import { ROLE } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { serverMessage } from "@/lib/server/i18n/server-messages";
import { isAdminWritableOption } from "@/modules/settings/rules/option-access";
import {
  call,
  createUser,
  createUserAndLogin,
  login,
  ROOT_USER,
  setOptions,
  setupApiHarness,
  setupRoot,
} from "@/test-support/api/harness";

setupApiHarness();

type Entry = { key: string; value: string; is_set?: boolean };
type UserRow = { id: number; username: string; email: string; oidc_id: string; github_id: string; wechat_id: string };
let rootCookie = "";
let admin: Awaited<ReturnType<typeof createUserAndLogin>>;

beforeAll(async () => {
  await setupRoot();
  rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  admin = await createUserAndLogin({ role: ROLE.admin, email: "admin@example.test" });
  await db().user.update({
    where: { username: ROOT_USER.username },
    data: { email: "root@example.test", oidcId: "root-sub", githubId: "1", wechatId: "root-wx" },
  });
});

const put = (body: unknown, cookie = admin.cookie) => call(optionRoute, "PUT", "/api/option/", { cookie, body });
async function stored(key: string): Promise<Entry | undefined> {
  const res = await call<Entry[]>(optionRoute, "GET", "/api/option/", { cookie: rootCookie });
  return res.json.data.find((e) => e.key === key);
}

describe("an admin cannot write what routes a secret or vouches for an identity", () => {
  const ROOT_ONLY: [string, string][] = [
    ["SMTPServer", "smtp.attacker.example"],
    ["SMTPPort", "2525"],
    ["SMTPSSLEnabled", "false"],
    ["SMTPAccount", "me"],
    ["WeChatServerAddress", "https://wx.attacker.example"],
    ["WeChatAuthEnabled", "true"],
    ["oidc.well_known", "https://idp.attacker.example/.well-known/openid-configuration"],
    ["oidc.token_endpoint", "https://idp.attacker.example/token"],
    ["oidc.user_info_endpoint", "https://idp.attacker.example/me"],
    ["oidc.client_id", "x"],
    ["GitHubClientId", "x"],
    ["LinuxDOClientId", "x"],
    ["LinuxDOMinimumTrustLevel", "0"],
    ["TelegramBotName", "x"],
    ["ServerAddress", "https://attacker.example"],
    ["PayAddress", "https://pay.attacker.example"],
    ["EpayId", "1"],
    ["TopUpLink", "https://attacker.example"],
    ["TurnstileSiteKey", "x"],
    ["TurnstileCheckEnabled", "false"],
    ["LogRetentionDays", "1"],
    ["Chats", '[{"x":"https://attacker.example/?key={key}"}]'],
    ["ChatLink", "https://attacker.example"],
    ["RegisterEnabled", "false"],
    ["PasswordLoginEnabled", "false"],
  ];
  test.each(ROOT_ONLY)("%s is refused with 403 and nothing is stored", async (key, value) => {
    const before = (await stored(key))?.value;
    const res = await put({ key, value });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe(serverMessage("zh", "option_root_only", { key }));
    expect((await stored(key))?.value).toBe(before);
    expect(isAdminWritableOption(key)).toBe(false);
  });

  test("a batch with one root-only key stores nothing, not even the allowed keys", async () => {
    const res = await put([
      { key: "SystemName", value: "Batch" },
      { key: "SMTPServer", value: "smtp.attacker.example" },
    ]);
    expect(res.status).toBe(403);
    expect((await stored("SystemName"))?.value).not.toBe("Batch");
  });

  test("the SMTP takeover: root's e-mail is hidden from the admin and SMTP cannot be repointed", async () => {
    const list = await call<{ items: UserRow[] }>(usersRoute, "GET", "/api/user/?p=1&page_size=100", {
      cookie: admin.cookie,
    });
    const rootRow = list.json.data.items.find((u) => u.username === ROOT_USER.username)!;
    expect(rootRow).toMatchObject({ email: "", oidc_id: "", github_id: "", wechat_id: "" });
    const search = await call<{ items: UserRow[] }>(searchRoute, "GET", "/api/user/search?keyword=root%40example", {
      cookie: admin.cookie,
    });
    expect(search.json.data.items).toEqual([]);
    expect((await put({ key: "SMTPServer", value: "127.0.0.1" })).status).toBe(403);
    // Root still sees everything; the admin sees their own row and lower roles in full.
    const asRoot = await call<{ items: UserRow[] }>(usersRoute, "GET", "/api/user/?p=1&page_size=100", {
      cookie: rootCookie,
    });
    expect(asRoot.json.data.items.find((u) => u.username === ROOT_USER.username)).toMatchObject({
      email: "root@example.test",
      oidc_id: "root-sub",
    });
    const plain = await createUser({ email: "plain@example.test" });
    const again = await call<{ items: UserRow[] }>(usersRoute, "GET", "/api/user/?p=1&page_size=100", {
      cookie: admin.cookie,
    });
    expect(again.json.data.items.find((u) => u.id === plain.id)?.email).toBe("plain@example.test");
    expect(again.json.data.items.find((u) => u.id === admin.id)?.email).toBe("admin@example.test");
  });

  test("another admin's identity is hidden from an admin too (equal role)", async () => {
    const other = await createUser({ role: ROLE.admin, email: "other-admin@example.test" });
    const list = await call<{ items: UserRow[] }>(usersRoute, "GET", "/api/user/?p=1&page_size=100", {
      cookie: admin.cookie,
    });
    expect(list.json.data.items.find((u) => u.id === other.id)?.email).toBe("");
  });

  test("admins keep the day-to-day options: prices, texts, quotas, rate limits, harmless toggles", async () => {
    const res = await put([
      { key: "ModelRatio", value: '{"gpt-x":2}' },
      { key: "Notice", value: "hello" },
      { key: "CheckInQuota", value: "1000" },
      { key: "ModelRequestRateLimitCount", value: "5" },
      { key: "DrawingEnabled", value: "false" },
    ]);
    expect(res.status).toBe(200);
    expect((await stored("Notice"))?.value).toBe("hello");
    expect((await stored("ModelRequestRateLimitCount"))?.value).toBe("5");
  });
});

// Issue 36: the console saves one key per PUT, so an endpoint and its secret arrive in
// separate calls. Only root may write either, so a secret is never cleared behind root's back.
describe("an endpoint and its secret written in separate calls, in either order, are both kept", () => {
  const PAIRS: [string, string][] = [
    ["SMTPServer", "SMTPToken"],
    ["WeChatServerAddress", "WeChatServerToken"],
    ["oidc.well_known", "oidc.client_secret"],
    ["oidc.token_endpoint", "oidc.client_secret"],
    ["PayAddress", "EpayKey"],
  ];
  const secretValue = async (key: string) => (await db().option.findUnique({ where: { key } }))?.value;
  test.each(PAIRS)("%s and %s", async (endpoint, secret) => {
    await setOptions({ [endpoint]: "https://old.example.test", [secret]: "old-secret" });
    // secret first, then the endpoint
    expect((await put({ key: secret, value: "secret-1" }, rootCookie)).status).toBe(200);
    expect((await put({ key: endpoint, value: "https://one.example.test" }, rootCookie)).status).toBe(200);
    expect((await stored(endpoint))?.value).toBe("https://one.example.test");
    expect(await secretValue(secret)).toBe("secret-1");
    // endpoint first, then the secret
    expect((await put({ key: endpoint, value: "https://two.example.test" }, rootCookie)).status).toBe(200);
    expect((await put({ key: secret, value: "secret-2" }, rootCookie)).status).toBe(200);
    expect((await stored(endpoint))?.value).toBe("https://two.example.test");
    expect(await secretValue(secret)).toBe("secret-2");
    // an endpoint moved alone keeps the stored secret too
    expect((await put({ key: endpoint, value: "https://three.example.test" }, rootCookie)).status).toBe(200);
    expect(await secretValue(secret)).toBe("secret-2");
  });
});

describe("audit log (type 3)", () => {
  const audits = async () =>
    db().log.findMany({
      where: { type: 3, userId: { in: [admin.id, 1] } },
      orderBy: { id: "desc" },
      take: 5,
      select: { type: true, userId: true, username: true, content: true, other: true },
    });

  test("an option write names who, the key, and old → new; a secret's value never appears", async () => {
    await setOptions({ Footer: "old footer" });
    expect((await put({ key: "Footer", value: "new footer" })).status).toBe(200);
    const [last] = await audits();
    expect(last).toMatchObject({ type: 3, userId: admin.id, username: admin.username });
    expect(last!.content).toContain(admin.username);
    expect(last!.content).toContain("Footer：old footer → new footer");

    expect((await put({ key: "SMTPToken", value: "very-secret-token" }, rootCookie)).status).toBe(200);
    const [secret] = await audits();
    expect(secret!.content).toContain("SMTPToken");
    expect(JSON.stringify(secret)).not.toContain("very-secret-token");
  });

  test("admin changes to users and channels are logged", async () => {
    const target = await createUser();
    const upd = await call(usersRoute, "PUT", "/api/user/", {
      cookie: admin.cookie,
      body: { id: target.id, display_name: "Renamed", password: "new-password-1" },
    });
    expect(upd.status).toBe(200);
    const [userLog] = await audits();
    expect(userLog!.content).toContain(`ID ${target.id}`);
    expect(userLog!.content).toContain("displayName");
    expect(userLog!.content).not.toContain("new-password-1");

    const created = await call<{ ids: number[] }>(channelRoute, "POST", "/api/channel/", {
      cookie: admin.cookie,
      body: { name: "audited", type: 1, key: "sk-audit-secret", models: "gpt-x", group: "default" },
    });
    expect(created.status).toBe(200);
    const id = created.json.data.ids[0]!;
    expect((await audits())[0]!.content).toContain(`创建了渠道 #${id}`);
    const edited = await call(channelRoute, "PUT", "/api/channel/", {
      cookie: admin.cookie,
      body: { id, name: "audited-2" },
    });
    expect(edited.status).toBe(200);
    const [chLog] = await audits();
    expect(chLog!.content).toContain(`修改了渠道 #${id}`);
    expect(JSON.stringify(await audits())).not.toContain("sk-audit-secret");
  });
});
