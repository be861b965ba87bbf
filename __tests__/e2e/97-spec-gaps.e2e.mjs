// The last specification gaps (issue 22 section A), one browser check each where there is a screen,
// zh texts verbatim: error texts (更新失败 / 错误：…), setting a user's exact quota, /user/edit for an
// ordinary user, the channel form's extra fields, the test dialog's batch delay, the wallet title,
// the Chat sub-menu of Playground, the self-use badge at every width (601–767 px included), the
// update check (about page and root's settings) and the preset model ratios of the unset-models tab,
// both served by a loopback "public host" (the e2e server allows loopback for the outbound guard),
// and the playground's stream reconnect switch.
import assert from "node:assert/strict";
import http from "node:http";
import { ALICE, API_ONLY, apiAs, loggedInContext, setLanguage } from "./support.mjs";

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
const heading = (page, text) => page.locator("h1").filter({ hasText: text }).first().waitFor();

async function setOption(page, key, value) {
  const res = await apiAs(page, "PUT", "/api/option/", { key, value });
  assert.equal(res.success, true, res.message);
}

async function userId(page, username) {
  const res = await apiAs(page, "GET", `/api/user/search?keyword=${username}`);
  assert.equal(res.success, true, res.message);
  const row = res.data.items.find((u) => u.username === username);
  assert.ok(row, `${username} must exist`);
  return row.id;
}

/** A loopback stand-in for GitHub's release API and the preset assets host. */
async function startPublicHost() {
  const files = {
    "/latest": JSON.stringify({
      tag_name: "v99.0.0",
      html_url: "https://github.com/x/y/releases/tag/v99.0.0",
      body: "notes",
    }),
    "/ratios/flexible/prompt.json": JSON.stringify({ "e2e-preset-a": 2.5 }),
    "/ratios/flexible/completion.json": JSON.stringify({ "e2e-preset-a": 4 }),
  };
  const server = http.createServer((req, res) => {
    const body = files[req.url ?? ""];
    res.writeHead(body ? 200 : 500, { "content-type": "application/json" });
    res.end(body ?? "{}");
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}

export async function run({ browser, baseUrl, screenshot }) {
  const host = await startPublicHost();
  const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, { path: API_ONLY });
  try {
    // A2: the about page checks for updates after it renders; a failing source reads 检查更新失败，请稍后再试.
    await setOption(page, "UpdateCheckUrl", `${host.url}/latest`);
    await page.goto(`${baseUrl}/about`);
    await page.getByTestId("update-check-result").filter({ hasText: "发现新版本 v99.0.0" }).waitFor();
    await screenshot("spec-gaps-about-update-zh-desktop", page);
    await setOption(page, "UpdateCheckUrl", `${host.url}/broken`);
    await page.goto(`${baseUrl}/about`);
    await page.getByTestId("about-version").waitFor();
    await page.getByTestId("update-check-error").filter({ hasText: "检查更新失败，请稍后再试" }).waitFor();
    // Root's settings: the check runs on the button, against the saved URL.
    await page.goto(`${baseUrl}/admin/settings?tab=system`);
    const sources = page.getByTestId("settings-section-sources");
    await sources.getByText("检查更新地址", { exact: true }).waitFor();
    await sources.getByTestId("update-check-button").click();
    await sources.getByTestId("update-check-error").filter({ hasText: "检查更新失败，请稍后再试" }).waitFor();
    await sources.scrollIntoViewIfNeeded();
    await screenshot("spec-gaps-settings-update-zh-desktop", page);

    // A1: the unset-models tab fills from the public preset files, and says which source it used;
    // when the host fails and the bundled table has nothing either: 填入官网倍率失败，请稍后重试.
    const presetChannel = await apiAs(page, "POST", "/api/channel/", {
      mode: "single",
      channel: { name: "e2e-preset", type: 1, key: "sk-preset", models: "e2e-preset-a,e2e-nowhere", group: "default" },
    });
    assert.equal(presetChannel.success, true, presetChannel.message);
    await setOption(page, "PresetRatioBaseUrl", `${host.url}/ratios`);
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByTestId("pricing-tab-unset").click();
    const unset = page.getByTestId("unset-table");
    await unset.locator('[data-row-key="e2e-preset-a"] [role=checkbox]').click();
    await page.getByTestId("unset-fill").click();
    await toast(page, "预设倍率获取成功");
    await page.getByTestId("unset-fill-source").getByText("倍率来源：官网预设「通用（默认，推荐）」").waitFor();
    await unset.locator('[data-row-key="e2e-preset-a"]').waitFor({ state: "detached" });
    await screenshot("spec-gaps-preset-fill-zh-desktop", page);
    await setOption(page, "PresetRatioBaseUrl", `${host.url}/missing`);
    await unset.locator('[data-row-key="e2e-nowhere"] [role=checkbox]').click();
    await page.getByTestId("unset-fill").click();
    await toast(page, "获取预设倍率失败，请重试");
    await toast(page, "填入官网倍率失败，请稍后重试");
    await unset.locator('[data-row-key="e2e-nowhere"]').waitFor();

    // A13: the playground's stream reconnect switch: off by default, waits 3000 ms.
    await page.goto(`${baseUrl}/playground`);
    const reconnect = page.getByTestId("pg-reconnect");
    await reconnect.waitFor();
    assert.equal(await reconnect.getAttribute("aria-checked"), "false");
    await page.getByText("流式断线重连", { exact: true }).waitFor();
    await page.getByText(/等待 3000 毫秒后重连并续写回复/).waitFor();

    const aliceId = await userId(page, ALICE.username);

    // A4 + A3: the edit page of another user sets an exact quota; a refused update reads 更新失败.
    await page.goto(`${baseUrl}/user/edit/${aliceId}`);
    await page.getByTestId("quota-adjust").waitFor();
    await page.getByTestId("quota-mode").click();
    await page.getByRole("option", { name: "设为" }).click();
    await page.getByTestId("quota-amount").fill("123456");
    await page.getByTestId("quota-apply").click();
    await page.getByTestId("quota-current").filter({ hasText: "123,456" }).waitFor();
    const after = await apiAs(page, "GET", `/api/user/${aliceId}`);
    assert.equal(after.data.quota, 123456);
    await page.getByTestId("edit-user-username").fill("root");
    await page.getByTestId("edit-user-submit").click();
    await toast(page, "更新失败");
    await page.locator("[data-sonner-toast]").filter({ hasText: "错误：" }).first().waitFor();
    await screenshot("spec-gaps-user-edit-zh-desktop", page);

    // A7 + A12: the channel form's extra fields, and the test dialog's batch delay.
    const created = await apiAs(page, "POST", "/api/channel/", {
      mode: "single",
      channel: { name: "e2e-gaps", type: 1, key: "sk-gaps", models: "gpt-4o-mini", group: "default" },
    });
    assert.equal(created.success, true, created.message);
    await page.goto(`${baseUrl}/admin/channels`);
    await page.getByTestId("channel-table-row").first().waitFor();
    await page.getByTestId("channel-add").click();
    await page.getByTestId("channel-form").waitFor();
    for (const label of ["模型前缀", "最大输入 Token 数", "过期时间"])
      await page.getByTestId("channel-form").getByText(label, { exact: true }).waitFor();
    await page.getByTestId("channel-max-input-tokens").scrollIntoViewIfNeeded();
    await screenshot("spec-gaps-channel-form-zh-desktop", page);
    await page.keyboard.press("Escape");
    await page.getByTestId("channel-test").first().click();
    await page.getByTestId("model-test-dialog").getByText("批次间隔（毫秒）").waitFor();
    await page.getByTestId("model-test-batch-delay").fill("1200");
    await page.getByTestId("model-test-batch-delay").blur();
    assert.equal(await page.evaluate(() => localStorage.getItem("channel_test_batch_delay")), "1200");
    await page.keyboard.press("Escape");

    // A9: the wallet page title.
    await page.goto(`${baseUrl}/app/wallet`);
    await heading(page, "钱包与订阅");
    await setLanguage(page, "en");
    await heading(page, "Billing and subscription");
    await setLanguage(page, "zh");

    // A10: stored chats form a Chat sub-menu of Playground.
    await setOption(page, "Chats", JSON.stringify([{ "ChatGPT Next Web": "https://example.com/chat" }]));
    await page.goto(`${baseUrl}/app/tokens`);
    const submenu = page.getByTestId("side-nav").getByTestId("side-submenu-chat");
    await submenu.getByText("聊天", { exact: true }).waitFor();
    await submenu.getByRole("link", { name: "ChatGPT Next Web" }).waitFor();
    assert.equal(await submenu.getByRole("link", { name: "ChatGPT Next Web" }).getAttribute("href"), "/chat/0");
    await screenshot("spec-gaps-chat-submenu-zh-desktop", page);

    // A11: the self-use badge at 1280, 700 (601–767) and 375 px.
    await setOption(page, "SelfUseModeEnabled", "true");
    for (const width of [1280, 700, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${baseUrl}/app/tokens`);
      const badge = page.getByTestId("top-nav").getByTestId("mode-badge");
      await badge.filter({ hasText: "自用模式" }).waitFor();
      assert.ok(await badge.isVisible(), `the badge must be visible at ${width} px`);
      await screenshot(`spec-gaps-badge-zh-${width}`, page);
    }
    await setOption(page, "SelfUseModeEnabled", "false");
  } finally {
    await ctx.close();
    await host.close();
  }

  // A6: an ordinary user opens /user/edit and edits their own account (not sent home).
  for (const [locale, title, width] of [
    ["zh", "编辑个人信息", 1280],
    ["en", "Edit my account", 375],
  ]) {
    const alice = await loggedInContext(browser, baseUrl, ALICE, {
      width,
      height: 812,
      language: locale,
      path: "/user/edit",
    });
    try {
      await heading(alice.page, title);
      assert.equal(new URL(alice.page.url()).pathname, "/user/edit");
      await alice.page.getByTestId("self-edit").waitFor();
      await screenshot(`spec-gaps-self-edit-${locale}-${width}`, alice.page);
      // /user/edit/{id} stays admin-only: alice is sent home.
      await alice.page.goto(`${baseUrl}/user/edit/1`);
      await alice.page.waitForURL((u) => new URL(u).pathname === "/");
    } finally {
      await alice.ctx.close();
    }
  }
}
