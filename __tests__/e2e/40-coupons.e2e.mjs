// Redemption codes and the wallet redeem: create 3 codes
// (with the validity-window message), search, disable/enable, edit an unused code, alice redeems one
// on /app/wallet?code=... (empty-code message, balance rises), the admin sees it used, batch disable,
// delete disabled, delete by name with the count shown first. zh and en screenshots at 1280 and 375.
import assert from "node:assert/strict";
import { ALICE, API_ONLY, apiAs, loggedInContext, ROOT, setLanguage } from "./support.mjs";

const stamp = String(Date.now()).slice(-6);
const NAME = `e2ec${stamp}`;
const NAME2 = `e2ed${stamp}`;

/** Polls until the locator matches exactly n elements (lists refresh after a search). */
async function waitForCount(locator, n, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) assert.fail(`expected ${n} rows, found ${await locator.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rows = (page) => page.getByTestId("redemption-table-row");
const rowOf = (page, text) => rows(page).filter({ hasText: text });

async function search(page, keyword) {
  await page.getByTestId("redemption-search-keyword").fill(keyword);
  await page.getByTestId("redemption-search-submit").click();
}

async function waitStatus(page, key, status) {
  await rowOf(page, key)
    .locator(`[data-testid="redemption-status"][data-status="${status}"]`)
    .waitFor({ timeout: 10_000 });
}

export async function run({ browser, baseUrl, screenshot }) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT, { path: "/admin/coupons" });
  const extra = [];
  try {
    await page.getByTestId("redemption-table").waitFor();

    // batch disable with nothing selected
    await page.getByTestId("redemption-batch-disable").click();
    await page.getByText("请至少选择一个兑换码！").first().waitFor();

    // create: the validity window must be ordered, then 3 codes
    await page.getByTestId("redemption-add").click();
    await page.getByTestId("redemption-name").fill(NAME);
    await page.getByTestId("redemption-quota").fill("250000");
    await page.getByTestId("redemption-count").fill("3");
    await page.getByTestId("redemption-valid-from").fill("2030-01-02T00:00");
    await page.getByTestId("redemption-valid-until").fill("2030-01-01T00:00");
    await page.getByTestId("redemption-submit").click();
    await page.getByText("生效时间必须早于过期时间").first().waitFor();
    await screenshot("coupons-create-errors-zh", page);
    await page.getByTestId("redemption-valid-from").fill("");
    await page.getByTestId("redemption-valid-until").fill("");
    await page.getByTestId("redemption-submit").click();
    const keysBox = page.getByTestId("created-keys");
    await keysBox.waitFor();
    const keys = (await keysBox.inputValue()).split("\n").filter(Boolean);
    assert.equal(keys.length, 3, "three keys are shown after creation");
    for (const k of keys) assert.match(k, /^[0-9a-f]{32}$/);
    await screenshot("coupons-created-keys-zh", page);
    await page.keyboard.press("Escape");

    // search by name
    await search(page, NAME);
    await rowOf(page, keys[0]).waitFor();
    await waitForCount(rows(page), 3);
    await screenshot("coupons-desktop-zh", page);

    // disable / enable
    await rowOf(page, keys[1]).getByTestId("redemption-toggle").click();
    await waitStatus(page, keys[1], 2);
    assert.match((await rowOf(page, keys[1]).getAttribute("class")) ?? "", /opacity-50/, "a disabled row is greyed");
    await screenshot("coupons-disabled-row-zh", page);
    await rowOf(page, keys[1]).getByTestId("redemption-toggle").click();
    await waitStatus(page, keys[1], 1);

    // edit an unused code
    await rowOf(page, keys[0]).getByTestId("redemption-edit").click();
    await page.getByTestId("redemption-form").waitFor();
    assert.equal(await page.getByTestId("redemption-name").inputValue(), NAME);
    await page.getByTestId("redemption-quota").fill("300000");
    await screenshot("coupons-edit-drawer-zh", page);
    await page.getByTestId("redemption-submit").click();
    await page.getByText("兑换码更新成功").first().waitFor();
    await rowOf(page, keys[0]).getByText("$0.60").waitFor();

    // alice redeems keys[0] on her wallet
    const alice = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
    extra.push(alice.ctx);
    const before = (await apiAs(alice.page, "GET", "/api/user/self")).data.quota;
    await alice.page.goto(`${baseUrl}/app/wallet?code=${keys[0]}`);
    const codeInput = alice.page.getByTestId("redeem-code");
    await codeInput.waitFor();
    assert.equal(await codeInput.inputValue(), keys[0], "the dialog is prefilled from ?code=");
    await screenshot("wallet-redeem-dialog-zh", alice.page);
    await codeInput.fill("");
    await alice.page.getByTestId("redeem-submit").click();
    await alice.page.getByText("请输入兑换码！").first().waitFor();
    await codeInput.fill(keys[0]);
    await alice.page.getByTestId("redeem-submit").click();
    await alice.page.getByText("兑换成功，已充值 $0.60").first().waitFor();
    const after = (await apiAs(alice.page, "GET", "/api/user/self")).data.quota;
    assert.equal(after - before, 300000, "the balance rises by the code's quota");
    await alice.page
      .getByTestId("wallet-balance")
      .filter({ hasText: `$${(after / 500000).toFixed(2)}` })
      .waitFor();
    await screenshot("wallet-after-redeem-zh", alice.page);
    // the same code again: used
    await alice.page.getByTestId("redeem-open").click();
    await alice.page.getByTestId("redeem-code").fill(keys[0]);
    await alice.page.getByTestId("redeem-submit").click();
    await alice.page.getByText("该兑换码已被使用").first().waitFor();

    // the admin sees it used; a used code cannot be edited or re-enabled
    await page.reload();
    await search(page, NAME);
    await waitStatus(page, keys[0], 3);
    assert.ok(await rowOf(page, keys[0]).getByTestId("redemption-edit").isDisabled());
    assert.ok(await rowOf(page, keys[0]).getByTestId("redemption-toggle").isDisabled());
    await screenshot("coupons-used-zh", page);

    // batch disable the selection, then delete the disabled ones
    const made = await apiAs(page, "POST", "/api/redemption/", { name: NAME2, count: 2, quota: 1000 });
    assert.equal(made.data.length, 2);
    await search(page, NAME2);
    await rowOf(page, made.data[0]).waitFor();
    await page.getByTestId("redemption-table-select-page").click();
    await page.getByTestId("redemption-batch-disable").click();
    await page.getByTestId("redemption-confirm-confirm").click();
    await page.getByText("已禁用 2 个兑换码").first().waitFor();
    await waitStatus(page, made.data[0], 2);
    await waitStatus(page, made.data[1], 2);
    await page.getByTestId("redemption-delete-disabled").click();
    await page.getByTestId("redemption-confirm-confirm").click();
    await page
      .getByText(/已删除 \d+ 个兑换码/)
      .first()
      .waitFor();
    await page.getByTestId("redemption-table-empty").waitFor();

    // delete by name: the count first
    await search(page, NAME);
    await rowOf(page, keys[0]).waitFor();
    await page.getByTestId("redemption-delete-by-name").click();
    await page.getByTestId("delete-by-name-input").fill(NAME);
    await page.getByTestId("delete-by-name-check").click();
    const count = page.getByTestId("delete-by-name-count");
    await count.waitFor();
    assert.equal(await count.getAttribute("data-count"), "3");
    await screenshot("coupons-delete-by-name-zh", page);
    await page.getByTestId("delete-by-name-confirm").click();
    await page.getByText("已删除 3 个兑换码").first().waitFor();
    await page.getByTestId("redemption-table-empty").waitFor();

    // english, desktop
    await apiAs(page, "POST", "/api/redemption/", { name: `${NAME}en`, count: 2, is_gift: true, max_uses: -1 });
    await page.goto(`${baseUrl}/admin/coupons`);
    await setLanguage(page, "en");
    await page.getByText("Add codes").first().waitFor();
    await screenshot("coupons-desktop-en", page);
    await page.getByTestId("redemption-add").click();
    await page.getByTestId("redemption-form").waitFor();
    await screenshot("coupons-create-drawer-en", page);
    await page.keyboard.press("Escape");
    await page.getByTestId("redemption-delete-by-name").click();
    await page.getByTestId("delete-by-name-input").fill(`${NAME}en`);
    await page.getByTestId("delete-by-name-check").click();
    await page.getByTestId("delete-by-name-count").waitFor();
    await screenshot("coupons-delete-by-name-en", page);
    await page.keyboard.press("Escape");
    await setLanguage(page, "zh");
    await setLanguage(alice.page, "en");
    await alice.page.getByTestId("redeem-open").click();
    await alice.page.getByTestId("redeem-submit").click();
    await alice.page.getByText("Enter a redemption code!").first().waitFor();
    await screenshot("wallet-redeem-dialog-en", alice.page);
    await setLanguage(alice.page, "zh");

    // mobile 375, zh and en
    for (const locale of ["zh", "en"]) {
      const m = await loggedInContext(browser, baseUrl, ROOT, {
        width: 375,
        height: 812,
        language: locale,
        path: "/admin/coupons",
      });
      extra.push(m.ctx);
      await rows(m.page).first().waitFor();
      await screenshot(`coupons-mobile-${locale}`, m.page);
      await m.page.getByTestId("redemption-add").click();
      await m.page.getByTestId("redemption-form").waitFor();
      await screenshot(`coupons-create-drawer-mobile-${locale}`, m.page);
      const w = await loggedInContext(browser, baseUrl, ALICE, {
        width: 375,
        height: 812,
        language: locale,
        path: "/app/wallet",
      });
      extra.push(w.ctx);
      await w.page.getByTestId("wallet-balance").waitFor();
      await screenshot(`wallet-mobile-${locale}`, w.page);
      await w.page.getByTestId("redeem-open").click();
      await w.page.getByTestId("redeem-code").waitFor();
      await screenshot(`wallet-redeem-dialog-mobile-${locale}`, w.page);
    }
  } finally {
    for (const c of extra) await c.close().catch(() => undefined);
    await ctx.close();
  }
}
