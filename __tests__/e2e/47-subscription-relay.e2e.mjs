// A plan bought with the balance pays relay calls (issue 41): bob buys "Relay Pro" in the wallet in
// Chinese, calls the relay with his key, and sees the plan's quota go down while his balance stays;
// his usage log says the subscription paid (付费来源 订阅, the plan's title). In English he buys
// "Relay Lite", which ends sooner, so it pays the next call (new-api's order), and the log says so.
import assert from "node:assert/strict";
import { asRoot, mergeOption, setQuota } from "./support-admin.mjs";
import { API_ONLY, apiAs, loggedInContext, startMockUpstream } from "./support.mjs";

const BOB = { username: "e2e-sub-bob", password: "subbobpass1" };
const MODEL = "e2e-sub-model";
const QUOTA_PER_USD = 500000;
const PRICE_USD = 0.5; // one call: 250,000 quota
const ok = (r) => assert.equal(r.success, true, r.message);

async function prepare(browser, baseUrl, upstreamUrl) {
  await asRoot(browser, baseUrl, async (page) => {
    await mergeOption(page, "ModelPrice", { [MODEL]: PRICE_USD });
    ok(
      await apiAs(page, "POST", "/api/channel/", {
        name: "e2e-sub",
        type: 1,
        key: "sk-upstream",
        base_url: upstreamUrl,
        models: MODEL,
        group: "default",
      }),
    );
    ok(await apiAs(page, "POST", "/api/user/", { ...BOB, display_name: "bob" }));
    await setQuota(page, BOB.username, 10 * QUOTA_PER_USD);
    const plans = [
      { title: "Relay Pro", price_amount: 2, duration_unit: "month", duration_value: 1, total_amount: 3_000_000 },
      { title: "Relay Lite", price_amount: 1, duration_unit: "day", duration_value: 1, total_amount: 0 },
    ];
    for (const plan of plans) ok(await apiAs(page, "POST", "/api/subscription/admin/plans", { plan }));
  });
}

async function buy(page, baseUrl, title, confirmText) {
  await page.goto(`${baseUrl}/app/wallet`);
  await page.getByTestId("plan-item").filter({ hasText: title }).getByTestId("plan-buy").click();
  await page.getByTestId("plan-buy-dialog-confirm").filter({ hasText: confirmText }).click();
  await page.getByTestId("subscription-item").filter({ hasText: title }).waitFor();
}

async function relayCall(baseUrl, key) {
  const res = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer sk-${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: MODEL, messages: [{ role: "user", content: "hi" }] }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** Waits for `locator` to show, asking again (`retry`) between short waits for it, within 15 s. */
async function untilShown(locator, retry) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await locator.waitFor({ timeout: 500 });
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await retry();
    }
  }
}

/** Bob's newest usage log, expanded (logs are written right after the response: query until it is there). */
async function openNewestLog(page, baseUrl, count) {
  await page.goto(`${baseUrl}/app/logs/api-usage`);
  const rows = page.getByTestId("log-table-row").filter({ hasText: MODEL });
  // Each round waits for the row itself (up to 500 ms), then asks again: no fixed pause.
  await untilShown(rows.nth(count - 1), () => page.getByTestId("log-query").click());
  assert.equal(await rows.count(), count);
  await rows.first().getByTestId("log-expand").click();
  return page.getByTestId("log-details");
}

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  try {
    await prepare(browser, baseUrl, upstream.url);
    const zh = await loggedInContext(browser, baseUrl, BOB, { path: API_ONLY });
    try {
      const page = zh.page;
      const created = await apiAs(page, "POST", "/api/token/", { name: "e2e-sub", unlimited_quota: true });
      ok(created);
      const tokens = await apiAs(page, "GET", "/api/token/?p=1&size=10");
      const key = (await apiAs(page, "POST", `/api/token/${tokens.data.items[0].id}/key`)).data.key;

      await page.goto(`${baseUrl}/app/wallet`);
      await page.getByTestId("wallet-balance-cards").getByText("按量付费", { exact: true }).waitFor(); // no plan yet
      await buy(page, baseUrl, "Relay Pro", "使用余额购买");
      await page.getByTestId("wallet-current-plan").filter({ hasText: "Relay Pro" }).waitFor();
      const pro = page.getByTestId("subscription-item").filter({ hasText: "Relay Pro" });
      assert.match(await pro.getByTestId("subscription-remaining").textContent(), /^剩余：/);
      const balance = (await apiAs(page, "GET", "/api/user/self")).data.quota;
      assert.equal(balance, 8 * QUOTA_PER_USD);

      await relayCall(baseUrl, key);
      // the plan paid: its quota down by one call, the balance unchanged
      const spent = pro.getByTestId("subscription-remaining").filter({ hasText: /已用 .*0\.50?\b/ });
      await untilShown(spent, () => page.reload());
      assert.match(await pro.getByTestId("subscription-remaining").textContent(), /已用 .*0\.50?\b/);
      assert.equal((await apiAs(page, "GET", "/api/user/self")).data.quota, balance);
      await screenshot("subscription-spent-wallet-zh-desktop", page);

      const details = await openNewestLog(page, baseUrl, 1);
      await details.getByText("付费来源", { exact: true }).waitFor();
      assert.equal(await details.getByTestId("log-detail-billing_source").textContent(), "订阅");
      assert.equal(await details.getByTestId("log-detail-subscription_plan_title").textContent(), "Relay Pro");
      assert.equal(await details.getByTestId("log-detail-subscription_consumed").textContent(), "$0.50");
      await screenshot("subscription-spent-log-zh-desktop", page);

      // English: "Relay Lite" ends first, so it pays the next call
      const en = await loggedInContext(browser, baseUrl, BOB, { path: API_ONLY, language: "en" });
      try {
        await buy(en.page, baseUrl, "Relay Lite", "Buy with balance");
        // the one that pays next: Relay Lite ends first
        await en.page.getByTestId("wallet-current-plan").filter({ hasText: "Relay Lite+1" }).waitFor();
        await relayCall(baseUrl, key);
        const enDetails = await openNewestLog(en.page, baseUrl, 2);
        await enDetails.getByText("Paid by", { exact: true }).waitFor();
        assert.equal(await enDetails.getByTestId("log-detail-billing_source").textContent(), "Subscription");
        assert.equal(await enDetails.getByTestId("log-detail-subscription_plan_title").textContent(), "Relay Lite");
        await screenshot("subscription-spent-log-en-desktop", en.page);
        assert.equal((await apiAs(en.page, "GET", "/api/user/self")).data.quota, 7 * QUOTA_PER_USD);
      } finally {
        await en.ctx.close();
      }
    } finally {
      await zh.ctx.close();
    }
  } finally {
    await upstream.close();
  }
}
