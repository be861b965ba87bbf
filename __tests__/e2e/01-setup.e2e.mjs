// First run: every page redirects to the setup wizard; its validation messages appear on bad input;
// initialising creates root and then /setup redirects home.
import assert from "node:assert/strict";

/** run.mjs fixture: it initialises the server itself. */
export const needs = "nothing";

export async function run({ browser, baseUrl, screenshot }) {
  const zh = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    const page = await zh.newPage();
    for (const path of ["/", "/app/tokens", "/login", "/no-such-page"]) {
      await page.goto(`${baseUrl}${path}`);
      assert.equal(new URL(page.url()).pathname, "/setup", `${path} must redirect to /setup before setup`);
    }
    await page.getByTestId("setup-submit").waitFor();
    await screenshot("setup-desktop-zh", page);

    await page.getByTestId("setup-submit").click();
    await page.getByText("请输入管理员用户名").waitFor();
    await page.getByText("密码长度至少为8个字符").first().waitFor();
    await page.getByTestId("setup-username").fill("root");
    await page.getByTestId("setup-password").fill("rootpassword");
    await page.getByTestId("setup-confirm").fill("different1");
    await page.getByTestId("setup-submit").click();
    await page.getByText("两次输入的密码不一致").waitFor();
    await screenshot("setup-errors-zh", page);

    const mobile = await browser.newContext({ locale: "en-US", viewport: { width: 375, height: 812 }, isMobile: true });
    const m = await mobile.newPage();
    await m.goto(`${baseUrl}/setup`);
    await m.getByTestId("setup-submit").waitFor();
    await screenshot("setup-mobile-en", m);
    await mobile.close();

    await page.getByTestId("setup-confirm").fill("rootpassword");
    await page.getByTestId("setup-submit").click();
    await page.getByText("系统初始化成功").first().waitFor();
    await page.waitForURL((u) => new URL(u).pathname === "/", { timeout: 15_000 });
    await page.goto(`${baseUrl}/setup`);
    assert.equal(new URL(page.url()).pathname, "/", "/setup must redirect home once setup is done");
  } finally {
    await zh.close();
  }
}
