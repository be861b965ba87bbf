// Quota-warning delivery through the real server: a relay call that drops a
// user under their threshold sends exactly one webhook POST (payload, bearer header, HMAC) or one
// e-mail (to a real SMTP server on loopback); a second call within 2 h sends nothing; redirects and,
// outside the test-only mode, loopback targets are refused; a hanging receiver never slows the relay.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { decodeMimeParts, startSmtpServer } from "@/test-support/smtp-server";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

const MODEL = "warn-model"; // ModelPrice 0.002 USD = 1000 quota per call
const TEST_ENV = { NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: "true" };
const hi = [{ role: "user" as const, content: "hi" }];

type Hit = { path: string; headers: http.IncomingHttpHeaders; body: string };
type Receiver = { url: string; hits: Hit[]; close: () => Promise<void> };

async function receiver(answer: (res: http.ServerResponse) => void = (res) => res.end("ok")): Promise<Receiver> {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      hits.push({ path: req.url ?? "", headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** Points the gateway's mail options at the loopback SMTP server (account mailer@example.com). */
async function useSmtp(gw: Gateway, port: number) {
  const options = {
    SMTPServer: "127.0.0.1",
    SMTPPort: String(port),
    SMTPAccount: "mailer@example.com",
    SMTPToken: "smtp-pass",
    SMTPFrom: "noreply@example.com",
    SMTPSSLEnabled: "false",
  };
  for (const [key, value] of Object.entries(options))
    expect((await gw.api("PUT", "/api/option/", { key, value })).json.success).toBe(true);
}

let sentinels = 0;
/**
 * Proves that no further alert is on its way, without sleeping: a fresh user drops under the same
 * kind of threshold AFTER the calls that must not alert, and we wait for that user's alert
 * (`arrived` tells it). Alerts are decided in the settle path of each call and delivered in order,
 * so once the later one has arrived an earlier one would have too.
 */
async function sentinelAlert(gw: Gateway, setting: Record<string, unknown>, arrived: () => boolean): Promise<void> {
  const u = await makeUser(gw, `sentinel${++sentinels}`, 100_000);
  // A notification address must be the account's own unless proven by a mailed code (review 3 L9).
  if (typeof setting.notification_email === "string") await setAccountEmail(gw, u.id, setting.notification_email);
  const saved = await u.call("PUT", "/api/user/setting", { quota_warning_threshold: 1_000_000, ...setting });
  expect(saved.success).toBe(true);
  await u.relay();
  await gw.waitFor(arrived, 10_000);
}

async function setAccountEmail(gw: Gateway, id: number, email: string) {
  const set = await gw.api("PUT", "/api/user/", { id, email });
  if (!set.json.success) throw new Error(set.json.message);
}

/** A registered user with some quota, logged in, with a token (see makeUserSession). */
async function makeUser(gw: Gateway, name: string, quota: number) {
  await gw.api("POST", "/api/user/register", { username: name, password: "password123", password2: "password123" });
  const [row] = await gw.sql<{ id: number }>("select id from users where username = ?", name);
  const set = await gw.api("PUT", "/api/user/", { id: row!.id, quota });
  if (!set.json.success) throw new Error(set.json.message);
  return { id: row!.id, ...(await makeUserSession(gw, name)) };
}

async function prepare(gw: Gateway, up: MockUpstream) {
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ [MODEL]: 0.002 }) });
  await gw.api("PUT", "/api/option/", { key: "ServerAddress", value: "https://gw.example.com/" });
  await gw.createChannel({ name: "warn", key: "sk-up", base_url: up.url, models: MODEL });
}

let up: MockUpstream;
beforeAll(async () => {
  up = await startMockUpstream();
});
afterAll(async () => {
  await up?.close();
});

describe("with the test-only loopback mode on", () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: TEST_ENV });
    await prepare(gw, up);
  }, 180_000);
  afterAll(async () => {
    await gw?.stop();
  });

  test("one webhook POST with payload, bearer secret and HMAC; none again within 2 h", async () => {
    const hook = await receiver();
    try {
      const u = await makeUser(gw, "hookuser", 100_000);
      const saved = await u.call("PUT", "/api/user/setting", {
        notify_type: "webhook",
        quota_warning_threshold: 1_000_000,
        webhook_url: `${hook.url}/alerts?team=ops`,
        webhook_secret: "whsec-123",
      });
      expect(saved).toMatchObject({ success: true });
      const before = Math.floor(Date.now() / 1000);
      await u.relay();
      await gw.waitFor(() => hook.hits.length > 0);
      const [hit] = hook.hits;
      expect(hit!.path).toBe("/alerts?team=ops");
      expect(hit!.headers["content-type"]).toBe("application/json");
      expect(hit!.headers.authorization).toBe("Bearer whsec-123");
      expect(hit!.headers["x-webhook-signature"]).toBe(
        createHmac("sha256", "whsec-123").update(hit!.body).digest("hex"),
      );
      const payload = JSON.parse(hit!.body) as Record<string, unknown>;
      expect(payload).toEqual({
        type: "quota_exceed",
        title: "您的额度即将用尽",
        content: expect.stringContaining("{{value}}") as unknown,
        values: ["您的额度即将用尽", "$0.20", "https://gw.example.com/app/wallet", "https://gw.example.com/app/wallet"],
        timestamp: expect.any(Number) as unknown,
      });
      expect((payload.content as string).match(/\{\{value\}\}/g)).toHaveLength(4);
      expect(payload.timestamp as number).toBeGreaterThanOrEqual(before);

      await u.relay();
      await u.relay();
      await sentinelAlert(gw, { notify_type: "webhook", webhook_url: `${hook.url}/sentinel` }, () =>
        hook.hits.some((h) => h.path === "/sentinel"),
      );
      expect(hook.hits.filter((h) => h.path !== "/sentinel")).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  test("a webhook that redirects to loopback is not followed", async () => {
    const target = await receiver();
    const redirector = await receiver((res) => {
      res.writeHead(307, { location: `${target.url}/stolen` });
      res.end();
    });
    try {
      const u = await makeUser(gw, "redirectuser", 100_000);
      const saved = await u.call("PUT", "/api/user/setting", {
        notify_type: "webhook",
        quota_warning_threshold: 1_000_000,
        webhook_url: `${redirector.url}/hook`,
      });
      expect(saved.success).toBe(true);
      await u.relay();
      await gw.waitFor(() => redirector.hits.length > 0);
      // a later alert through the same redirector: had the first redirect been followed, it would be there by now
      await sentinelAlert(gw, { notify_type: "webhook", webhook_url: `${redirector.url}/sentinel` }, () =>
        redirector.hits.some((h) => h.path === "/sentinel"),
      );
      expect(redirector.hits).toHaveLength(2);
      expect(redirector.hits[0]!.headers.authorization).toBeUndefined(); // no secret set, no header
      expect(target.hits).toHaveLength(0);
    } finally {
      await Promise.all([target.close(), redirector.close()]);
    }
  });

  test("a receiver that never answers does not hold up the relay response", async () => {
    // the receiver keeps every delivery open; the gateway gives up on it only after its timeout
    const held: http.ServerResponse[] = [];
    const hanging = await receiver((res) => void held.push(res));
    try {
      const u = await makeUser(gw, "hanguser", 100_000);
      await u.call("PUT", "/api/user/setting", {
        notify_type: "webhook",
        quota_warning_threshold: 1_000_000,
        webhook_url: `${hanging.url}/slow`,
      });
      await u.relay();
      await gw.waitFor(() => hanging.hits.length > 0);
      // the relay answered while the delivery it triggered is still waiting for the receiver
      expect(held).toHaveLength(1);
      expect(held[0]!.socket?.destroyed).toBe(false);
      await u.relay();
      expect(held[0]!.socket?.destroyed).toBe(false);
    } finally {
      await hanging.close();
    }
  });

  test("e-mail: one mail through the configured SMTP server (with auth) to the notification address", async () => {
    const smtp = await startSmtpServer("mailer@example.com", "smtp-pass");
    try {
      await useSmtp(gw, smtp.port);
      const u = await makeUser(gw, "mailuser", 100_000);
      await setAccountEmail(gw, u.id, "alerts@example.com");
      const saved = await u.call("PUT", "/api/user/setting", {
        notify_type: "email",
        quota_warning_threshold: 1_000_000,
        notification_email: "alerts@example.com",
      });
      expect(saved.success).toBe(true);
      await u.relay();
      await gw.waitFor(() => smtp.mails.length > 0, 10_000);
      const [mail] = smtp.mails;
      expect(mail!.from).toBe("noreply@example.com");
      expect(mail!.to).toEqual(["alerts@example.com"]);
      expect(mail!.data).toMatch(/^Subject: =\?UTF-8\?/m); // the Chinese title, MIME-encoded
      const text = decodeMimeParts(mail!.data);
      expect(text).toContain("您的额度即将用尽，当前剩余额度为 $0.20");
      expect(text).toContain("<a href='https://gw.example.com/app/wallet'>https://gw.example.com/app/wallet</a>");
      await u.relay();
      await sentinelAlert(gw, { notify_type: "email", notification_email: "sentinel@example.com" }, () =>
        smtp.mails.some((m) => m.to.includes("sentinel@example.com")),
      );
      expect(smtp.mails.filter((m) => m.to.includes("alerts@example.com"))).toHaveLength(1);
    } finally {
      await smtp.close();
    }
  });
});

test("outside the test-only mode a loopback webhook is refused at save and never called", async () => {
  const hook = await receiver();
  const smtp = await startSmtpServer("mailer@example.com", "smtp-pass");
  // Stored while the test-only mode was on, then the server restarts without it.
  const first = await startGateway({ env: TEST_ENV });
  let second: Gateway | undefined;
  try {
    await prepare(first, up);
    const u = await makeUser(first, "strictuser", 100_000_000);
    const saved = await u.call("PUT", "/api/user/setting", {
      notify_type: "webhook",
      quota_warning_threshold: 1_000_000,
      webhook_url: `${hook.url}/hook`,
    });
    expect(saved.success).toBe(true);
    await first.stop(true);

    second = await startGateway({ dataDir: first.dataDir });
    const again = await makeUserSession(second, "strictuser");
    const refused = await again.call("PUT", "/api/user/setting", {
      notify_type: "webhook",
      quota_warning_threshold: 1_000_000,
      webhook_url: `${hook.url}/hook`,
    });
    expect(refused).toMatchObject({ success: false, message: "Webhook地址必须以 https:// 开头" });
    const https = await again.call("PUT", "/api/user/setting", {
      notify_type: "webhook",
      webhook_url: hook.url.replace("http:", "https:"),
    });
    expect(https).toMatchObject({ success: false, message: "Webhook地址不能指向内网、本机或保留地址" });

    // drop the user under the threshold: the stored loopback URL is refused at delivery too
    await second.api("PUT", "/api/user/", { id: u.id, quota: 100_000 });
    await again.relay();
    // an e-mail alert decided after that call has arrived, so the webhook would have been called by now
    await useSmtp(second, smtp.port);
    await sentinelAlert(
      second,
      { notify_type: "email", notification_email: "sentinel@example.com" },
      () => smtp.mails.length > 0,
    );
    expect(hook.hits).toHaveLength(0);
  } finally {
    await second?.stop();
    await hook.close();
    await smtp.close();
  }
}, 240_000);

async function makeUserSession(gw: Gateway, name: string) {
  const login = await fetch(`${gw.url}/api/user/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: name, password: "password123" }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(`${gw.url}${p}`, {
      method,
      headers: { "content-type": "application/json", cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { success: boolean; message: string; data: unknown };
  };
  const token = (await call("POST", "/api/token/", { name: "t2", unlimited_quota: true })).data as { key: string };
  const client = new OpenAI({ apiKey: token.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  return { call, relay: () => client.chat.completions.create({ model: MODEL, messages: hi }) };
}
