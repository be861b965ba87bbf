// /admin/settings in a real browser: the five tabs (zh/en, desktop/mobile screenshots), the JSON
// blur check, the nothing-changed message, the visual pricing editor (add/edit) billing a relay call
// through a token against the loopback mock upstream, the unset-models fill from the bundled
// defaults and batch set, the upstream price sync applying another instance's ratio, the model-mapping manager routing a virtual model, and the password-login
// switch that asks before turning off (cancel keeps it on) and changes /api/status once saved.
import assert from "node:assert/strict";
import http from "node:http";
import { apiAs, loggedInContext, startMockUpstream } from "./support.mjs";
import { VIEWS } from "./support-admin.mjs";

const TABS = ["operation", "ratelimit", "models", "system", "other"];
const FIRST_SECTION = {
  operation: "settings-section-general",
  ratelimit: "settings-section-ratelimit",
  models: "settings-section-global",
  system: "settings-section-site",
  other: "settings-section-content",
};

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

async function openTab(page, baseUrl, tab) {
  await page.goto(`${baseUrl}/admin/settings?tab=${tab}`);
  await page.getByTestId(FIRST_SECTION[tab]).waitFor();
}

async function chat(baseUrl, key, model) {
  const res = await fetch(`${baseUrl}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role: "user", content: "hi" }] }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, `relay call for ${model} failed: ${JSON.stringify(body)}`);
  return body;
}

/** Polls until check(value) holds (a toast from an earlier save may still be on screen). */
async function eventually(read, check, what) {
  let last;
  for (let i = 0; i < 50; i++) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`${what}: last value ${JSON.stringify(last)}`);
}

const optionValue = async (page, key) =>
  (await apiAs(page, "GET", "/api/option/")).data.find((o) => o.key === key)?.value ?? "";
const statusOf = async (baseUrl) => (await (await fetch(`${baseUrl}/api/status`)).json()).data;

async function waitForUsedQuota(page, tokenId, expected) {
  let used = -1;
  for (let i = 0; i < 50; i++) {
    used = (await apiAs(page, "GET", `/api/token/${tokenId}`)).data.used_quota;
    if (used === expected) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(used, expected, "the token must be billed at the saved price");
}

async function screenshotsOfEveryTab(browser, baseUrl, screenshot) {
  for (const [locale, width, height] of VIEWS) {
    const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, {
      width,
      height,
      language: locale,
      path: "/admin/settings",
    });
    try {
      for (const tab of TABS) {
        // through the tab strip (a client-side switch), not a page load per tab
        await page.getByTestId(`settings-tab-${tab}`).click();
        await page.getByTestId(FIRST_SECTION[tab]).waitFor();
        await screenshot(`${tab}-${width === 375 ? "mobile" : "desktop"}-${locale}`, page);
      }
    } finally {
      await ctx.close();
    }
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  const up = await startMockUpstream();
  const { ctx, page } = await loggedInContext(browser, baseUrl);
  try {
    // Set-up through the API: a channel on the mock upstream and a token.
    const ch = await apiAs(page, "POST", "/api/channel/", {
      type: 1,
      name: "e2e-settings",
      key: "sk-mock",
      base_url: up.url,
      models: "e2e-priced,e2e-unset-x,gemini-2.0-flash-lite",
      group: "default",
    });
    assert.ok(ch.success, ch.message);
    const tk = await apiAs(page, "POST", "/api/token/", { name: "e2e-settings", unlimited_quota: true });
    assert.ok(tk.success, tk.message);
    const token = tk.data;

    // Default tab, tab written to the query on change.
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByTestId("settings-section-general").waitFor();
    await page.getByTestId("settings-tab-models").click();
    await page.waitForURL(/tab=models/);
    await page.getByTestId("settings-section-mapping").waitFor();
    await page.getByTestId("settings-tab-operation").click();
    await page.waitForURL(/tab=operation/);

    // Nothing changed → 你似乎并没有修改什么.
    await page.getByTestId("settings-save-general").click();
    await toast(page, "你似乎并没有修改什么");

    // JSON areas are checked on blur.
    const groups = page.getByTestId("opt-GroupRatio");
    await groups.fill('{"default": 1,');
    await groups.blur();
    await page.getByTestId("opt-GroupRatio-error").getByText("不是合法的 JSON 字符串").waitFor();
    await page.getByTestId("settings-save-groups").click();
    await toast(page, "不是合法的 JSON 字符串");
    await page.reload();

    // Visual pricing: the dialog's messages, then add by price per 1M tokens (4 / 12 → ratio 2, completion 3).
    const pricing = page.getByTestId("settings-section-pricing");
    await pricing.scrollIntoViewIfNeeded();
    await page.getByTestId("pricing-tab-visual").click();
    await page.getByTestId("pricing-add").click();
    const dialog = page.getByTestId("pricing-dialog");
    await dialog.getByTestId("pricing-dialog-name").fill("e2e-priced");
    await dialog.getByTestId("pricing-dialog-ratio").fill("abc");
    await page.getByTestId("pricing-dialog-submit").click();
    await dialog.getByTestId("pricing-dialog-error").getByText("请输入数字").waitFor();
    await page.locator("label[for=pricing-mode-request]").click();
    await dialog.getByTestId("pricing-dialog-price").fill("0");
    await page.getByTestId("pricing-dialog-submit").click();
    await dialog.getByTestId("pricing-dialog-error").getByText("模型价格不能为0").waitFor();
    await page.locator("label[for=pricing-mode-token]").click();
    await page.locator("label[for=pricing-input-price]").click();
    await dialog.getByTestId("pricing-dialog-inputPrice").fill("4");
    await dialog.getByTestId("pricing-dialog-outputPrice").fill("12");
    await dialog.getByTestId("pricing-dialog-preview").getByText("2").first().waitFor();
    await screenshot("pricing-dialog-zh", page);
    await page.getByTestId("pricing-dialog-submit").click();
    await page.locator('[data-testid=pricing-table-row][data-row-key="e2e-priced"]').waitFor();
    await page.getByTestId("settings-save-pricing").click();
    await toast(page, "保存成功");
    await eventually(
      () => optionValue(page, "CompletionRatio"),
      (v) => JSON.parse(v)["e2e-priced"] === 3,
      "the new row is saved",
    );

    // A relay call is billed at the saved ratio: (12 prompt + 11 completion × 3) × 2 = 90.
    await chat(baseUrl, token.key, "e2e-priced");
    await waitForUsedQuota(page, token.id, 90);

    // Edit: a fixed price of $0.002 per request → 1000 more, without a restart.
    await page.getByTestId("pricing-search").fill("e2e-priced");
    await page
      .locator('[data-testid=pricing-table-row][data-row-key="e2e-priced"]')
      .getByTestId("pricing-row-edit")
      .click();
    await page.locator("label[for=pricing-mode-request]").click();
    await page.getByTestId("pricing-dialog-price").fill("0.002");
    await page.getByTestId("pricing-dialog-submit").click();
    await page.getByTestId("settings-save-pricing").click();
    await eventually(
      () => optionValue(page, "ModelPrice"),
      (v) => JSON.parse(v)["e2e-priced"] === 0.002,
      "the edited price is saved",
    );
    await chat(baseUrl, token.key, "e2e-priced");
    await waitForUsedQuota(page, token.id, 1090);

    // Unset models: batch set needs a selection; fill from the bundled public defaults (the preset
    // host is made unreachable, so the bundled table is the fallback; 97-spec-gaps covers the preset).
    const refused = await apiAs(page, "PUT", "/api/option/", {
      key: "PresetRatioBaseUrl",
      value: "http://127.0.0.1:9/none",
    });
    assert.ok(refused.success, refused.message);
    await page.getByTestId("pricing-tab-unset").click();
    const unset = page.getByTestId("unset-table");
    await unset.locator('[data-row-key="gemini-2.0-flash-lite"]').waitFor();
    await page.getByTestId("unset-batch").click();
    await toast(page, "请先选择需要批量设置的模型");
    await unset.locator('[data-row-key="gemini-2.0-flash-lite"] [role=checkbox]').click();
    await page.getByTestId("unset-fill").click();
    await toast(page, "获取预设倍率失败，请重试");
    await page.getByTestId("unset-fill-source").getByText("倍率来源：内置倍率表（获取官网预设失败）").waitFor();
    await unset.locator('[data-row-key="gemini-2.0-flash-lite"]').waitFor({ state: "detached" });
    await unset.locator('[data-row-key="e2e-unset-x"] [role=checkbox]').click();
    await page.getByTestId("unset-batch").click();
    await page.getByTestId("batch-ratio").fill("1.5");
    await page.getByTestId("batch-submit").click();
    await page.getByTestId("batch-error").getByText("请输入模型倍率和补全倍率").waitFor();
    await page.getByTestId("batch-completionRatio").fill("2");
    await page.getByTestId("batch-submit").click();
    await unset.locator('[data-row-key="e2e-unset-x"]').waitFor({ state: "detached" });
    await screenshot("pricing-unset-zh", page);
    await page.getByTestId("settings-save-pricing").click();
    const ratios = JSON.parse(
      await eventually(
        () => optionValue(page, "ModelRatio"),
        (v) => JSON.parse(v)["e2e-unset-x"] === 1.5,
        "the batch-set ratio is saved",
      ),
    );
    assert.equal(ratios["gemini-2.0-flash-lite"], 0.0375, "filled from the bundled defaults");

    // Upstream price sync (root): another instance's /api/ratio_config through a channel's base URL;
    // the difference is applied per model to the draft and saved with the section.
    const peer = http.createServer((req, res) => {
      const body =
        req.url === "/api/ratio_config"
          ? { success: true, data: { model_ratio: { "e2e-sync-new": 7 }, completion_ratio: { "e2e-sync-new": 2 } } }
          : { success: false, message: "not found" };
      res.writeHead(req.url === "/api/ratio_config" ? 200 : 404, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
    await new Promise((resolve) => peer.listen(0, "127.0.0.1", resolve));
    try {
      const peerUrl = `http://127.0.0.1:${peer.address().port}`;
      const peerCh = await apiAs(page, "POST", "/api/channel/", {
        type: 1,
        name: "e2e-peer",
        key: "sk-peer",
        base_url: peerUrl,
        models: "e2e-peer-only",
        group: "default",
      });
      assert.ok(peerCh.success, peerCh.message);
      const peerId = (await apiAs(page, "GET", "/api/channel/search?keyword=e2e-peer&page_size=10")).data.items[0].id;
      await page.reload();
      await page.getByTestId("settings-section-pricing").scrollIntoViewIfNeeded();
      await page.getByTestId("pricing-tab-sync").click();
      await page.getByTestId("sync-fetch").click();
      await toast(page, "请至少选择一个同步来源");
      await page.getByTestId(`sync-channel-${peerId}`).locator("[role=checkbox]").click();
      await page.getByTestId("sync-fetch").click();
      await page.getByTestId("sync-results").getByText(`e2e-peer(${peerId})`).waitFor();
      await page.getByTestId("sync-diff-count").getByText("1 个模型存在差异").waitFor();
      await screenshot("pricing-sync-zh", page);
      await page.getByTestId("sync-apply-e2e-sync-new").first().click();
      await page.getByTestId("settings-save-pricing").click();
      await eventually(
        () => optionValue(page, "CompletionRatio"),
        (v) => JSON.parse(v)["e2e-sync-new"] === 2,
        "the synced completion ratio is saved",
      );
      assert.equal(JSON.parse(await optionValue(page, "ModelRatio"))["e2e-sync-new"], 7, "and the synced ratio");
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }

    // Model mapping: validation, add, relay routing by priority, reload.
    await openTab(page, baseUrl, "models");
    await page.getByTestId("mapping-add").click();
    await page.getByTestId("mapping-dialog-save").click();
    await page.getByTestId("mapping-dialog-error").getByText("请输入虚拟模型名").waitFor();
    await page.getByTestId("mapping-virtual").fill("e2e-virtual");
    await page.getByTestId("mapping-target-model").first().fill("e2e-priced");
    await page.getByTestId("mapping-target-priority").first().fill("5");
    await page.getByTestId("mapping-add-target").click();
    await page.getByTestId("mapping-target-model").nth(1).fill("gemini-2.0-flash-lite");
    await page.getByTestId("mapping-target-priority").nth(1).fill("10");
    await screenshot("mapping-dialog-zh", page);
    await page.getByTestId("mapping-dialog-save").click();
    await toast(page, "模型映射已保存");
    await page.locator('[data-testid=mapping-table-row][data-row-key="e2e-virtual"]').waitFor();
    const before = up.requests.length;
    await chat(baseUrl, token.key, "e2e-virtual");
    assert.equal(up.requests.slice(before)[0]?.body.model, "gemini-2.0-flash-lite", "higher priority first");
    await page.getByTestId("mapping-reload").click();
    await toast(page, "模型映射已重新加载");
    await page.locator('[data-testid=mapping-table-row][data-row-key="e2e-virtual"]').waitFor();

    // Password login: turning it off asks; cancel keeps it on; confirm + save changes /api/status.
    await openTab(page, baseUrl, "system");
    const sw = page.getByTestId("opt-PasswordLoginEnabled");
    assert.equal(await sw.getAttribute("aria-checked"), "true");
    await sw.click();
    await page.getByTestId("opt-PasswordLoginEnabled-confirm-cancel").click();
    assert.equal(await sw.getAttribute("aria-checked"), "true", "cancel restores the toggle");
    try {
      await sw.click();
      await page.getByTestId("opt-PasswordLoginEnabled-confirm-confirm").click();
      assert.equal(await sw.getAttribute("aria-checked"), "false");
      await page.getByTestId("settings-save-login").click();
      await eventually(
        () => statusOf(baseUrl),
        (st) => st.password_login_enabled === false,
        "/api/status sees it",
      );
      // clicked at once, maybe while the save is still in flight: the new draft must survive it
      await sw.click(); // turning it on does not ask
      assert.equal(await sw.getAttribute("aria-checked"), "true");
      await page.getByTestId("settings-save-login").click();
      await eventually(
        () => statusOf(baseUrl),
        (st) => st.password_login_enabled === true,
        "and back on",
      );
    } finally {
      await apiAs(page, "PUT", "/api/option/", { key: "PasswordLoginEnabled", value: "true" });
    }
  } finally {
    await ctx.close();
    await up.close();
  }
  await screenshotsOfEveryTab(browser, baseUrl, screenshot);
}
