// Online top-up through EPay: root points the payment options
// at a fake gateway on loopback; alice opens /app/wallet, picks 10, sees the price, confirms (and
// goes back once), lands on the gateway, pays, reaches /app/wallet/topup-success, returns to the
// wallet with the balance up by 10 USD and the record marked success. Then a forged notice (bad
// signature) for a pending order and a replay of the genuine one change nothing. zh/en × 1280/375
// screenshots of the dialog and of topup-success. The payment options are restored at the end.
import assert from "node:assert/strict";
import { startFakeEpay, epaySign } from "./epay-gateway.mjs";
import { ALICE, API_ONLY, apiAs, loggedInContext, ROOT, setLanguage } from "./support.mjs";

const PID = "1001";
const KEY = `e2e-epay-key-${Date.now()}`;
const QUOTA_PER_USD = 500000;

async function setOption(page, key, value) {
  const res = await apiAs(page, "PUT", "/api/option/", { key, value });
  assert.equal(res.success, true, `PUT option ${key}: ${res.message}`);
}

const selfQuota = async (page) => (await apiAs(page, "GET", "/api/user/self")).data.quota;

async function notify(baseUrl, fields) {
  const res = await fetch(`${baseUrl}/api/user/epay/notify`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return res.text();
}

async function openDialogAt10(page, baseUrl) {
  await page.goto(`${baseUrl}/app/wallet`);
  await page.locator('[data-testid="topup-card"][data-online="true"]').waitFor();
  await page.getByTestId("topup-open").click();
  await page.getByTestId("topup-dialog").waitFor();
  await page.getByTestId("topup-preset-10").click();
  await page.getByTestId("topup-price-amount").filter({ hasText: "¥73.00" }).waitFor();
}

export async function run({ browser, baseUrl, screenshot }) {
  const gateway = await startFakeEpay({ pid: PID, key: KEY });
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  const contexts = [root.ctx];
  const options = (await apiAs(root.page, "GET", "/api/option/")).data;
  const previousServerAddress = options.find((o) => o.key === "ServerAddress")?.value ?? "";
  try {
    for (const [key, value] of Object.entries({
      PayAddress: gateway.url,
      EpayId: PID,
      EpayKey: KEY,
      ServerAddress: baseUrl,
      CustomCallbackAddress: "",
      Price: "7.3",
      MinTopUp: "1",
    }))
      await setOption(root.page, key, value);

    // alice pays 10 USD
    const alice = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
    contexts.push(alice.ctx);
    const page = alice.page;
    const before = await selfQuota(page);
    await openDialogAt10(page, baseUrl);
    await page.getByText("单价 ¥7.30 / 美元").waitFor();
    await page.getByTestId("topup-method-zfb").click();
    await screenshot("wallet-topup-dialog-zh-desktop", page);
    await page.getByTestId("topup-next").click();
    await page.getByTestId("topup-confirm").waitFor();
    assert.equal(await page.getByTestId("topup-confirm-amount").textContent(), "$10");
    assert.equal(await page.getByTestId("topup-confirm-price").textContent(), "¥73.00");
    assert.equal(await page.getByTestId("topup-confirm-method").textContent(), "支付宝");
    await screenshot("wallet-topup-confirm-zh-desktop", page);
    await page.getByTestId("topup-back").click();
    assert.equal(await page.getByTestId("topup-amount").inputValue(), "10", "back keeps the amount");
    await page.getByTestId("topup-next").click();
    await page.getByTestId("topup-pay").click();

    // the fake gateway: order shown, pay
    await page.waitForURL((u) => u.toString().startsWith(`${gateway.url}/submit.php`), { timeout: 15_000 });
    assert.equal(await page.getByTestId("gateway-money").textContent(), "73.00");
    assert.equal(await page.getByTestId("gateway-type").textContent(), "alipay");
    const tradeNo = await page.getByTestId("gateway-out_trade_no").textContent();
    await screenshot("gateway-checkout", page);
    await page.getByTestId("gateway-pay").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/wallet/topup-success", { timeout: 15_000 });
    await page.getByTestId("topup-success").waitFor();
    assert.equal(gateway.notices.length, 1);
    assert.equal(gateway.notices[0].reply, "success");
    await screenshot("topup-success-zh-desktop", page);

    // back to the wallet: +10 USD, the record is a success
    await page.getByTestId("topup-success-wallet").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/wallet");
    const after = await selfQuota(page);
    assert.equal(after - before, 10 * QUOTA_PER_USD, "the balance rises by 10 USD worth of quota");
    await page
      .getByTestId("wallet-balance")
      .filter({ hasText: `$${(after / QUOTA_PER_USD).toFixed(2)}` })
      .waitFor();
    const row = page.getByTestId("topup-table-row").filter({ hasText: tradeNo });
    await row.locator('[data-testid="topup-status"][data-status="success"]').waitFor();
    assert.equal(await row.getByTestId("topup-status").textContent(), "成功");
    await screenshot("wallet-after-topup-zh-desktop", page);

    // a forged notice (bad signature) for a fresh pending order, and replays: nothing changes
    const pending = await apiAs(page, "POST", "/api/user/pay", { amount: 50, payment_method: "wx", top_up_code: "" });
    assert.equal(pending.success, true, pending.message);
    const forgedFields = {
      pid: PID,
      trade_no: "FORGED1",
      out_trade_no: pending.data.out_trade_no,
      type: "wxpay",
      name: "TUC50",
      money: pending.data.money,
      trade_status: "TRADE_SUCCESS",
    };
    assert.equal(
      await notify(baseUrl, { ...forgedFields, sign: epaySign(forgedFields, "guessed"), sign_type: "MD5" }),
      "fail",
    );
    assert.equal(await notify(baseUrl, { ...forgedFields, sign: "", sign_type: "MD5" }), "fail");
    assert.equal(await notify(baseUrl, gateway.notices[0].fields), "success", "a replay is acknowledged");
    assert.equal(await selfQuota(page), after, "neither the forged notice nor the replay credits anything");
    const records = (await apiAs(page, "GET", "/api/user/topup/self?p=1&page_size=10")).data.items;
    assert.equal(records.find((r) => r.trade_no === pending.data.out_trade_no)?.status, "pending");
    assert.equal(records.filter((r) => r.status === "success").length, 1);
    await page.reload();
    await page.getByTestId("topup-table-row").filter({ hasText: pending.data.out_trade_no }).waitFor();
    await screenshot("wallet-records-zh-desktop", page);

    // screenshots: en desktop, zh and en mobile
    await setLanguage(page, "en");
    await openDialogAt10(page, baseUrl);
    await page.getByText("¥7.30 per USD").waitFor();
    await screenshot("wallet-topup-dialog-en-desktop", page);
    await page.goto(`${baseUrl}/app/wallet/topup-success`);
    await page.getByText("Payment complete").waitFor();
    await screenshot("topup-success-en-desktop", page);
    for (const locale of ["zh", "en"]) {
      const mobile = await loggedInContext(browser, baseUrl, ALICE, {
        width: 375,
        height: 812,
        language: locale,
        path: API_ONLY,
      });
      contexts.push(mobile.ctx);
      await openDialogAt10(mobile.page, baseUrl);
      await screenshot(`wallet-topup-dialog-${locale}-mobile`, mobile.page);
      await mobile.page.keyboard.press("Escape");
      await mobile.page.getByTestId("topup-table").scrollIntoViewIfNeeded();
      await screenshot(`wallet-${locale}-mobile`, mobile.page);
      await mobile.page.goto(`${baseUrl}/app/wallet/topup-success`);
      await mobile.page.getByTestId("topup-success").waitFor();
      await screenshot(`topup-success-${locale}-mobile`, mobile.page);
    }
  } finally {
    // leave no payment gateway configured for the specs that follow
    for (const key of ["PayAddress", "EpayId", "EpayKey"]) await setOption(root.page, key, "").catch(() => undefined);
    await setOption(root.page, "ServerAddress", previousServerAddress).catch(() => undefined);
    for (const c of contexts) await c.close();
    await gateway.close();
  }
}
