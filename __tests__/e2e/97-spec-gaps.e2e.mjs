// The last specification gaps (issue 22 section A), one browser check each where there is a screen,
// zh texts verbatim: error texts (更新失败 / 错误：…), setting a user's exact quota, /user/edit for an
// ordinary user, the channel form's extra fields, the test dialog's batch delay, the wallet title,
// the Chat sub-menu of Playground, and the self-use badge at every width (601–767 px included).
import assert from "node:assert/strict";
import { ALICE, apiAs, loggedInContext, setLanguage } from "./support.mjs";

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

export async function run({ browser, baseUrl, screenshot }) {
  const { ctx, page } = await loggedInContext(browser, baseUrl);
  try {
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
  }

  // A6: an ordinary user opens /user/edit and edits their own account (not sent home).
  for (const [locale, title, width] of [
    ["zh", "编辑个人信息", 1280],
    ["en", "Edit my account", 375],
  ]) {
    const alice = await loggedInContext(browser, baseUrl, ALICE, { width, height: 812 });
    try {
      await alice.page.goto(`${baseUrl}/user/edit`);
      if (locale === "en") await setLanguage(alice.page, "en");
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
