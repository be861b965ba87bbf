// PUT /api/user/setting and the setting as GET /api/user/self shows it: every
// validation message on the input that causes it, the https rule, private/unresolvable webhook
// targets refused at save time, the webhook secret never echoed (empty keeps it, clear removes it),
// merging per tab, other users untouched, the relay's cached user refreshed, anonymous 401.
import * as settingRoute from "@/app/api/user/setting/route";
import * as selfRoute from "@/app/api/user/self/route";
import * as userIdRoute from "@/app/api/user/[id]/route";
import { resetEnvForTests } from "@/lib/env";
import { db } from "@/lib/server/db";
import { getUser } from "@/lib/server/cache/token-cache";
import { ROLE } from "@/lib/constants";
import { call, createUserAndLogin, setupApiHarness, setupRoot, login, ROOT_USER } from "@/test-support/api/harness";
import { plantEmailCode } from "@/test-support/api/mail-support";

// No network in tests: the outbound guard's DNS lookups are answered from this table.
const DNS: Record<string, string[]> = {
  "hooks.example.com": ["93.184.216.34"],
  "internal.example.com": ["10.0.0.5"],
  "rebind.example.com": ["93.184.216.34", "127.0.0.1"],
};
jest.mock("node:dns/promises", () => ({
  lookup: async (host: string) => {
    const answers = DNS[host];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  },
}));

setupApiHarness();

const put = (cookie: string | undefined, body: unknown, headers?: Record<string, string>) =>
  call(settingRoute, "PUT", "/api/user/setting", { cookie, body, headers });
const self = async (cookie: string) =>
  (await call<{ setting: string; webhook_secret_set: boolean }>(selfRoute, "GET", "/api/user/self", { cookie })).json
    .data;
const stored = async (id: number) =>
  JSON.parse((await db().user.findUniqueOrThrow({ where: { id }, select: { setting: true } })).setting) as Record<
    string,
    unknown
  >;

const WEBHOOK = { notify_type: "webhook", quota_warning_threshold: 500000, webhook_url: "https://hooks.example.com/n" };

beforeAll(async () => {
  await setupRoot();
});

test("anonymous PUT is 401 and changes nothing", async () => {
  const res = await put(undefined, { show_ip_in_logs: true });
  expect(res.status).toBe(401);
  expect(res.json.success).toBe(false);
});

test("a fresh account has an empty setting and no secret", async () => {
  const me = await createUserAndLogin();
  expect(await self(me.cookie)).toMatchObject({ setting: "{}", webhook_secret_set: false });
});

test("email settings are saved and shown back", async () => {
  const me = await createUserAndLogin({ email: "alerts@example.com" });
  const res = await put(me.cookie, {
    notify_type: "email",
    quota_warning_threshold: 1000000,
    notification_email: " alerts@example.com ",
  });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ success: true, message: "更新成功" });
  expect(JSON.parse((await self(me.cookie)).setting)).toEqual({
    notify_type: "email",
    quota_warning_threshold: 1000000,
    notification_email: "alerts@example.com",
  });
});

// Review 3 L9: the notification address is where the gateway sends mail on the user's behalf; one
// the user has not proven to own (not the account's address) needs the code mailed to it.
test("a notification address other than the account's needs its mailed code; the account's own does not", async () => {
  const me = await createUserAndLogin({ email: "owner@example.com" });
  const victim = {
    notify_type: "email",
    quota_warning_threshold: 1000000,
    notification_email: "victim@elsewhere.example",
  };
  const refused = await put(me.cookie, victim);
  expect(refused.status).toBe(400);
  expect(refused.json.message).toBe("通知邮箱不是账号绑定的邮箱，请先获取验证码并填写");
  const wrong = await put(me.cookie, { ...victim, notification_email_code: "000000" });
  expect(wrong.status).toBe(400);
  expect(JSON.parse((await self(me.cookie)).setting).notification_email).toBeUndefined();

  // The account's own address (any case) needs no code.
  expect((await put(me.cookie, { ...victim, notification_email: "Owner@Example.com" })).status).toBe(200);
  // A code mailed to the address (stored here as GET /api/verification stores it) proves it, once.
  await plantEmailCode("victim@elsewhere.example", "424242");
  expect((await put(me.cookie, { ...victim, notification_email_code: "424242" })).status).toBe(200);
  expect(JSON.parse((await self(me.cookie)).setting).notification_email).toBe("victim@elsewhere.example");
  // Saving again (e.g. a new threshold) keeps the proven address without a new code.
  expect((await put(me.cookie, { ...victim, quota_warning_threshold: 2000000 })).status).toBe(200);
});

describe("validation messages (zh, and en by Accept-Language)", () => {
  let cookie = "";
  let id = 0;
  beforeAll(async () => {
    const me = await createUserAndLogin();
    cookie = me.cookie;
    id = me.id;
    await put(cookie, { notify_type: "email", quota_warning_threshold: 777 });
  });

  test.each([
    [{ notify_type: "sms" }, "无效的通知类型"],
    [{ notify_type: "" }, "无效的通知类型"],
    [{ quota_warning_threshold: 0 }, "预警阈值必须是大于 0 的整数"],
    [{ quota_warning_threshold: -5 }, "预警阈值必须是大于 0 的整数"],
    [{ quota_warning_threshold: 1.5 }, "预警阈值必须是大于 0 的整数"],
    [{ quota_warning_threshold: "500000" }, "预警阈值必须是大于 0 的整数"],
    [{ notify_type: "webhook" }, "Webhook地址不能为空"],
    [{ notify_type: "webhook", webhook_url: "   " }, "Webhook地址不能为空"],
    [{ ...WEBHOOK, webhook_url: "http://hooks.example.com/n" }, "Webhook地址必须以 https:// 开头"],
    [{ ...WEBHOOK, webhook_url: "not a url" }, "无效的Webhook地址"],
    [{ ...WEBHOOK, webhook_url: "ftp://hooks.example.com/" }, "无效的Webhook地址"],
    [{ ...WEBHOOK, webhook_url: `https://hooks.example.com/${"a".repeat(1100)}` }, "Webhook地址过长"],
    [{ ...WEBHOOK, webhook_url: "https://u:p@hooks.example.com/" }, "Webhook地址不能包含用户名或密码"],
    [{ ...WEBHOOK, webhook_secret: "s".repeat(257) }, "接口凭证过长（最多 256 个字符）"],
    [{ notification_email: "not-an-email" }, "无效的邮箱地址"],
    [{ notification_email: "a@b" }, "无效的邮箱地址"],
  ])("%j → %s", async (body, message) => {
    const before = await stored(id);
    const res = await put(cookie, body);
    expect(res.status).toBe(400);
    // Schema refusals list their issues beside the message; the service's own checks (https, no
    // credentials in the URL) answer new-api's two fields only.
    const { issues, ...answer } = res.json as { issues?: { message: string }[] };
    expect(answer).toEqual({ success: false, message });
    if (issues) expect(issues[0]?.message).toBe(message);
    expect(await stored(id)).toEqual(before);
  });

  test.each([
    ["https://127.0.0.1/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://2130706433/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://0x7f.1/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://169.254.169.254/latest", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://[::1]/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://[::ffff:10.0.0.1]/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://internal.example.com/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://rebind.example.com/hook", "Webhook地址不能指向内网、本机或保留地址"],
    ["https://nowhere.example.com/hook", "无法解析Webhook地址的域名"],
  ])("the network rules refuse %s at save time", async (url, message) => {
    const before = await stored(id);
    const res = await put(cookie, { ...WEBHOOK, webhook_url: url });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(message);
    expect(await stored(id)).toEqual(before);
  });

  test("messages follow the caller's language", async () => {
    const res = await put(cookie, { notify_type: "webhook" }, { "accept-language": "en-US" });
    expect(res.json.message).toBe("The webhook URL is required");
    const https = await put(cookie, { ...WEBHOOK, webhook_url: "http://x.example.com" }, { "accept-language": "en" });
    expect(https.json.message).toBe("The webhook URL must start with https://");
  });
});

test("the webhook secret is stored but never echoed; empty keeps it, clear removes it", async () => {
  const me = await createUserAndLogin();
  expect((await put(me.cookie, { ...WEBHOOK, webhook_secret: "s3cr3t-value" })).json.success).toBe(true);
  const view = await self(me.cookie);
  expect(view.webhook_secret_set).toBe(true);
  expect(JSON.parse(view.setting)).toEqual(WEBHOOK);
  expect(JSON.stringify(view)).not.toContain("s3cr3t-value");
  expect((await stored(me.id)).webhook_secret).toBe("s3cr3t-value");

  // saving the tab again with an empty secret field keeps the stored one
  await put(me.cookie, { ...WEBHOOK, quota_warning_threshold: 100000, webhook_secret: "" });
  expect(await stored(me.id)).toMatchObject({ quota_warning_threshold: 100000, webhook_secret: "s3cr3t-value" });

  // admins do not see it either
  const rootCookie = await login(ROOT_USER.username, ROOT_USER.password);
  const asAdmin = await call<{ setting: string }>(userIdRoute, "GET", `/api/user/${me.id}`, {
    cookie: rootCookie,
    params: { id: String(me.id) },
  });
  expect(asAdmin.json.data.setting).not.toContain("s3cr3t-value");

  await put(me.cookie, { clear_webhook_secret: true });
  expect((await stored(me.id)).webhook_secret).toBeUndefined();
  expect((await self(me.cookie)).webhook_secret_set).toBe(false);
});

test("each tab's save merges into the stored setting and leaves other users alone", async () => {
  const me = await createUserAndLogin();
  const other = await createUserAndLogin();
  await put(other.cookie, { notify_type: "email", quota_warning_threshold: 42, show_ip_in_logs: false });
  const otherBefore = await stored(other.id);

  await put(me.cookie, { ...WEBHOOK, webhook_secret: "k" });
  await put(me.cookie, { accept_unset_model_ratio_model: true });
  await put(me.cookie, { show_ip_in_logs: true });
  expect(await stored(me.id)).toEqual({
    ...WEBHOOK,
    webhook_secret: "k",
    accept_unset_model_ratio_model: true,
    show_ip_in_logs: true,
  });
  // switching back to e-mail keeps the URL (not used) without re-checking it
  await put(me.cookie, { notify_type: "email", quota_warning_threshold: 500000, notification_email: "" });
  expect(await stored(me.id)).toMatchObject({ notify_type: "email", webhook_url: WEBHOOK.webhook_url });
  expect(await stored(other.id)).toEqual(otherBefore);
});

test("the relay's cached user sees the new setting at once", async () => {
  const me = await createUserAndLogin();
  expect((await getUser(me.id))?.setting.show_ip_in_logs).toBeUndefined();
  await put(me.cookie, { show_ip_in_logs: true, accept_unset_model_ratio_model: true });
  const cached = await getUser(me.id);
  expect(cached?.setting).toMatchObject({ show_ip_in_logs: true, accept_unset_model_ratio_model: true });
});

test("admins change their own setting like anyone (role user suffices)", async () => {
  const admin = await createUserAndLogin({ role: ROLE.admin });
  expect((await put(admin.cookie, { show_ip_in_logs: true })).json.success).toBe(true);
});

test("the test-only loopback mode accepts http://127.0.0.1 but still refuses private ranges", async () => {
  const me = await createUserAndLogin();
  const body = { ...WEBHOOK, webhook_url: "http://127.0.0.1:9/hook" };
  expect((await put(me.cookie, body)).json.message).toBe("Webhook地址必须以 https:// 开头");
  process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS = "true";
  resetEnvForTests();
  try {
    expect((await put(me.cookie, body)).json).toMatchObject({ success: true });
    const priv = await put(me.cookie, { ...WEBHOOK, webhook_url: "http://10.0.0.1/hook" });
    expect(priv.json.message).toBe("Webhook地址不能指向内网、本机或保留地址");
  } finally {
    delete process.env.NOTIFY_ALLOW_LOOPBACK_FOR_TESTS;
    resetEnvForTests();
  }
});
