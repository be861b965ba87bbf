// /app/me settings tabs (通知设置 / 价格设置 / 其他设置) and quota-warning delivery: a fresh user
// sets a webhook to a loopback receiver started here (the e2e server runs with the test-only
// NOTIFY_ALLOW_LOOPBACK_FOR_TESTS, see run.mjs) with a high threshold, calls the relay with a token
// through the openai SDK, and the receiver gets exactly one alert with the bearer secret; the saved
// values come back after a reload; validation and refusal messages; price and other switches.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import http from "node:http";
import OpenAI from "openai";
import { API_ONLY, apiAs, loggedInContext, setLanguage, startMockUpstream } from "./support.mjs";
import { addUpstreamChannel, asRoot, mergeOption } from "./support-admin.mjs";

const MODEL = "e2e-notify-model";
const USER = { username: "e2e_notify", password: "notifypass1" };
const SENTINEL = { username: "e2e_sentinel", password: "sentinelpass1" };
const SECRET = "e2e-hook-secret";

async function startReceiver() {
  const hits = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hits.push({ path: req.url, headers: req.headers, body });
      res.end("ok");
    });
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    hits,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

/** Root: a channel and a price for MODEL (merged into ModelPrice), and the fresh user with quota. */
async function prepare(browser, baseUrl, upstreamUrl) {
  await asRoot(browser, baseUrl, async (page) => {
    await addUpstreamChannel(page, "e2e-notify-upstream", upstreamUrl, MODEL);
    await mergeOption(page, "ModelPrice", { [MODEL]: 0.002 });
    for (const account of [USER, SENTINEL]) {
      const created = await apiAs(page, "POST", "/api/user/", { ...account, display_name: account.username });
      assert.equal(created.success, true, created.message);
      const topped = await apiAs(page, "PUT", "/api/user/", { id: created.data.id, quota: 1_000_000 });
      assert.equal(topped.success, true, topped.message);
    }
  });
}

async function openSettings(page, baseUrl) {
  await page.goto(`${baseUrl}/app/me`);
  await page.getByTestId("notify-settings-form").waitFor();
}

async function notificationTab(page, baseUrl, receiver, screenshot) {
  await openSettings(page, baseUrl);
  await page.getByTestId("notify-threshold").waitFor();
  assert.equal(await page.getByTestId("notify-threshold").inputValue(), "500000", "default threshold");
  await screenshot("notify-email-zh", page);

  await page.getByText("Webhook 通知").click();
  await page.getByTestId("notify-save").click();
  await page.getByText("Webhook地址不能为空").first().waitFor();
  // a private target is refused by the server, shown as 更新设置失败 + the reason
  await page.getByTestId("notify-webhook-url").fill("http://10.0.0.1/hook");
  await page.getByTestId("notify-save").click();
  await page.getByText("更新设置失败").first().waitFor();
  await page.getByTestId("notify-save-error").getByText("Webhook地址不能指向内网、本机或保留地址").waitFor();
  await screenshot("notify-webhook-refused-zh", page);

  await page.getByTestId("notify-webhook-url").fill(`${receiver.url}/alerts`);
  await page.getByTestId("notify-webhook-secret").fill(SECRET);
  await page.getByTestId("notify-webhook-secret-toggle").click();
  assert.equal(await page.getByTestId("notify-webhook-secret").getAttribute("type"), "text");
  await page.getByTestId("notify-threshold-preset-5000000").click();
  await page.getByTestId("notify-save").click();
  await page.getByText("更新成功").first().waitFor();

  // after a reload the saved values are shown; the secret is only "set", never echoed
  await page.reload();
  await page.getByTestId("notify-webhook-url").waitFor();
  assert.equal(await page.getByTestId("notify-webhook-url").inputValue(), `${receiver.url}/alerts`);
  assert.equal(await page.getByTestId("notify-threshold").inputValue(), "5000000");
  assert.equal(await page.getByTestId("notify-webhook-secret").inputValue(), "");
  assert.equal((await page.getByTestId("notify-webhook-secret-state").innerText()).trim(), "已设置");
  assert.equal(await page.locator("#notify-type-webhook").getAttribute("data-state"), "checked");
  await screenshot("notify-webhook-zh", page);
}

/** Three relay calls as the page's user through the openai SDK (each drops the balance further). */
async function relayThrice(page, baseUrl) {
  const token = await apiAs(page, "POST", "/api/token/", { name: "e2e-notify", unlimited_quota: true });
  assert.equal(token.success, true, token.message);
  const client = new OpenAI({ apiKey: token.data.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  for (let i = 0; i < 3; i++) {
    const reply = await client.chat.completions.create({ model: MODEL, messages: [{ role: "user", content: "hi" }] });
    assert.equal(reply.choices[0].message.content, "This is a mock completion.");
  }
}

async function waitForHit(receiver, path) {
  for (let i = 0; i < 100 && !receiver.hits.some((h) => h.path === path); i++)
    await new Promise((r) => setTimeout(r, 100));
  assert.ok(
    receiver.hits.some((h) => h.path === path),
    `no alert reached ${path}`,
  );
}

async function relayAndExpectOneAlert(browser, page, baseUrl, receiver) {
  await relayThrice(page, baseUrl);
  await waitForHit(receiver, "/alerts");
  // No second alert is on its way: another user's alert, decided after those calls, has arrived
  // (alerts go out in the order they are decided).
  const sentinel = await loggedInContext(browser, baseUrl, SENTINEL, { path: API_ONLY });
  try {
    const saved = await apiAs(sentinel.page, "PUT", "/api/user/setting", {
      notify_type: "webhook",
      quota_warning_threshold: 5_000_000,
      webhook_url: `${receiver.url}/sentinel`,
    });
    assert.equal(saved.success, true, saved.message);
    await relayThrice(sentinel.page, baseUrl);
    await waitForHit(receiver, "/sentinel");
  } finally {
    await sentinel.ctx.close();
  }
  const alerts = receiver.hits.filter((h) => h.path === "/alerts");
  assert.equal(alerts.length, 1, "exactly one alert within the 2 h window");
  const [hit] = alerts;
  assert.equal(hit.path, "/alerts");
  assert.equal(hit.headers.authorization, `Bearer ${SECRET}`);
  assert.equal(hit.headers["x-webhook-signature"], createHmac("sha256", SECRET).update(hit.body).digest("hex"));
  const payload = JSON.parse(hit.body);
  assert.equal(payload.type, "quota_exceed");
  assert.equal(payload.title, "您的额度即将用尽");
  assert.equal(payload.values.length, 4);
  assert.match(payload.values[2], /\/app\/wallet$/);
}

async function switchTabs(page, baseUrl, screenshot) {
  await page.getByTestId("me-settings-tab-price").click();
  await page.getByTestId("price-settings-form").waitFor();
  await page.getByTestId("price-accept-unset-model-ratio-model").click();
  await page.getByTestId("price-save").click();
  await page.getByText("更新成功").first().waitFor();
  await screenshot("notify-price-zh", page);
  await page.getByTestId("me-settings-tab-other").click();
  await page.getByTestId("other-show-ip-in-logs").click();
  await page.getByTestId("other-save").click();
  await page.getByText("更新成功").first().waitFor();
  await screenshot("notify-other-zh", page);

  await openSettings(page, baseUrl);
  await page.getByTestId("me-settings-tab-price").click();
  const accept = page.getByTestId("price-accept-unset-model-ratio-model");
  assert.equal(await accept.getAttribute("data-state"), "checked");
  await page.getByTestId("me-settings-tab-other").click();
  assert.equal(await page.getByTestId("other-show-ip-in-logs").getAttribute("data-state"), "checked");
}

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  const receiver = await startReceiver();
  try {
    await prepare(browser, baseUrl, upstream.url);
    const { ctx, page } = await loggedInContext(browser, baseUrl, USER, { path: API_ONLY });
    try {
      await notificationTab(page, baseUrl, receiver, screenshot);
      await relayAndExpectOneAlert(browser, page, baseUrl, receiver);
      await switchTabs(page, baseUrl, screenshot);

      await setLanguage(page, "en");
      await openSettings(page, baseUrl);
      await page.getByText("Notifications").first().waitFor();
      await screenshot("notify-webhook-en", page);
      await page.getByTestId("me-settings-tab-price").click();
      await screenshot("notify-price-en", page);
      await page.getByTestId("me-settings-tab-other").click();
      await screenshot("notify-other-en", page);
    } finally {
      await ctx.close();
    }

    for (const locale of ["zh", "en"]) {
      const mobile = await loggedInContext(browser, baseUrl, USER, {
        width: 375,
        height: 812,
        language: locale,
        path: API_ONLY,
      });
      try {
        await openSettings(mobile.page, baseUrl);
        await mobile.page.getByTestId("notify-webhook-url").waitFor();
        await screenshot(`notify-mobile-${locale}`, mobile.page);
        await mobile.page.getByTestId("me-settings-tab-price").click();
        await screenshot(`notify-price-mobile-${locale}`, mobile.page);
      } finally {
        await mobile.ctx.close();
      }
    }
  } finally {
    await receiver.close();
    await upstream.close();
  }
}
