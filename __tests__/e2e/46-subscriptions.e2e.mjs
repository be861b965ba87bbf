// Subscription plans (issue 41): root creates a plan in the plan editor (/admin/subscriptions, in
// English), alice buys it with her balance in the wallet ("钱包与订阅") in Chinese, then a second
// plan in English: each time a confirmation first, then the balance down by the price and the
// subscription listed with its remaining quota. Then online: with EPay on (a fake gateway on
// loopback), alice pays a plan at the gateway and comes back to the wallet with it listed. Root's
// per-user view shows alice's subscriptions.
import assert from "node:assert/strict";
import { startFakeEpay } from "./epay-gateway.mjs";
import { ALICE, API_ONLY, apiAs, loggedInContext, ROOT } from "./support.mjs";

const QUOTA_PER_USD = 500000;
const selfOf = async (page) => (await apiAs(page, "GET", "/api/user/self")).data;

async function buy(page, baseUrl, title, confirmText) {
  await page.goto(`${baseUrl}/app/wallet`);
  const item = page.getByTestId("plan-item").filter({ hasText: title });
  await item.getByTestId("plan-buy").click();
  await page.getByTestId("plan-buy-dialog-confirm").filter({ hasText: confirmText }).click();
  await page.getByTestId("subscription-item").filter({ hasText: title }).waitFor();
}

export async function run({ browser, baseUrl, screenshot }) {
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: "/admin/subscriptions", language: "en" });
  const alice = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
  try {
    // the editor refuses a period of 0 under its field, then creates the plan
    const page = root.page;
    await page.getByTestId("plan-add").click();
    await page.getByTestId("plan-title").fill("Monthly Pro");
    await page.getByTestId("plan-price_amount").fill("2");
    await page.getByTestId("plan-total_amount").fill("3000000");
    await page.getByTestId("plan-duration_value").fill("0");
    await page.getByTestId("plan-save").click();
    await page.locator("#plan-duration_value-error").waitFor();
    await page.getByTestId("plan-duration_value").fill("1");
    await screenshot("subscriptions-editor-en-desktop", page);
    await page.getByTestId("plan-save").click();
    await page.getByTestId("plans-table").getByText("Monthly Pro").waitFor();
    // other specs running beside this one make plans of their own
    const plans = (await apiAs(page, "GET", "/api/subscription/admin/plans")).data;
    const made = plans.filter((p) => p.plan.title === "Monthly Pro");
    assert.equal(made.length, 1);
    assert.equal(made[0].plan.price_amount, 2);
    const second = await apiAs(page, "POST", "/api/subscription/admin/plans", {
      plan: { title: "Daily Lite", price_amount: 0.5, duration_unit: "day", duration_value: 1, total_amount: 0 },
    });
    assert.equal(second.success, true, second.message);

    // alice has 10 USD, buys "Monthly Pro" in Chinese
    const aliceId = (await selfOf(alice.page)).id;
    const funded = await apiAs(page, "POST", "/api/user/manage", {
      id: aliceId,
      action: "add_quota",
      mode: "override",
      value: 10 * QUOTA_PER_USD,
    });
    assert.equal(funded.success, true, funded.message);
    await buy(alice.page, baseUrl, "Monthly Pro", "使用余额购买");
    await alice.page.getByText("钱包与订阅").first().waitFor();
    await screenshot("subscriptions-wallet-zh-desktop", alice.page);
    assert.equal((await selfOf(alice.page)).quota, 8 * QUOTA_PER_USD);
    const remaining = alice.page
      .getByTestId("subscription-item")
      .filter({ hasText: "Monthly Pro" })
      .getByTestId("subscription-remaining");
    assert.match(await remaining.textContent(), /^剩余：/);

    // then "Daily Lite" in English
    const en = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY, language: "en" });
    try {
      await buy(en.page, baseUrl, "Daily Lite", "Buy with balance");
      const lite = en.page.getByTestId("subscription-item").filter({ hasText: "Daily Lite" });
      assert.match(await lite.getByTestId("subscription-remaining").textContent(), /Left: Unlimited/);
      await screenshot("subscriptions-wallet-en-desktop", en.page);
      assert.equal((await selfOf(en.page)).quota, 7.5 * QUOTA_PER_USD);
    } finally {
      await en.ctx.close();
    }

    // online payment through the fake EPay gateway
    const gateway = await startFakeEpay({ pid: "3003", key: "e2e-sub-key" });
    try {
      for (const [key, value] of Object.entries({
        PayAddress: gateway.url,
        EpayId: "3003",
        EpayKey: "e2e-sub-key",
        ServerAddress: baseUrl,
      }))
        assert.equal((await apiAs(page, "PUT", "/api/option/", { key, value })).success, true, key);
      await alice.page.goto(`${baseUrl}/app/wallet`);
      await alice.page.getByTestId("plan-item").filter({ hasText: "Daily Lite" }).getByTestId("plan-pay-zfb").click();
      await alice.page.waitForURL((u) => u.toString().startsWith(`${gateway.url}/submit.php`), { timeout: 15_000 });
      assert.equal(await alice.page.getByTestId("gateway-name").textContent(), "SUB:Daily Lite");
      assert.equal(await alice.page.getByTestId("gateway-money").textContent(), "0.50");
      await alice.page.getByTestId("gateway-pay").click();
      await alice.page.waitForURL((u) => new URL(u).pathname === "/app/wallet", { timeout: 15_000 });
      await alice.page.locator('[data-testid="subscription-pay-result"][data-result="success"]').waitFor();
      assert.equal(gateway.notices.length, 1);
      assert.equal(gateway.notices[0].reply, "success");
      await alice.page.getByTestId("subscription-item").nth(2).waitFor();
      assert.equal((await selfOf(alice.page)).quota, 7.5 * QUOTA_PER_USD, "paid at the gateway, not from the balance");
      await screenshot("subscriptions-wallet-paid-online-zh-desktop", alice.page);
    } finally {
      await gateway.close();
    }

    // root's per-user view (reloaded: the second plan was made through the API) lists both, and
    // cancels one
    await page.reload();
    await page.getByTestId("user-subs-id").fill(String(aliceId));
    await page.getByTestId("user-subs-show").click();
    const panel = page.getByTestId("user-subscriptions-panel");
    await panel.getByTestId("subscription-item").filter({ hasText: "Daily Lite" }).first().waitFor();
    assert.equal(await panel.getByTestId("subscription-item").count(), 3);
    await panel
      .getByTestId("subscription-item")
      .filter({ hasText: "Daily Lite" })
      .first()
      .getByTestId("user-subs-invalidate")
      .click();
    await panel.locator('[data-testid="subscription-item"][data-status="cancelled"]').waitFor();
  } finally {
    await root.ctx.close();
    await alice.ctx.close();
  }
}
