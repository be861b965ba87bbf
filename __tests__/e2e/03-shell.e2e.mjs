// The console shell: language and theme switches, the not-found page, the mobile layout, logout.
import assert from "node:assert/strict";

async function login(page, baseUrl) {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId("login-username").fill("root");
  await page.getByTestId("login-password").fill("rootpassword");
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
}

export async function run({ browser, baseUrl, screenshot }) {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    const page = await ctx.newPage();
    await login(page, baseUrl);

    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-en").click();
    await page.waitForFunction(() => document.documentElement?.lang === "en");
    await page.getByTestId("side-nav").getByText("API tokens").first().waitFor();
    await screenshot("shell-desktop-en", page);

    await page.getByTestId("theme-toggle").click();
    await page.waitForFunction(() => document.documentElement?.classList.contains("dark"));
    await screenshot("shell-desktop-en-dark", page);
    await page.reload();
    assert.ok(
      await page.evaluate(() => document.documentElement.classList.contains("dark")),
      "the theme must survive a reload",
    );
    await page.getByTestId("theme-toggle").click();
    await page.waitForFunction(() => document.documentElement && !document.documentElement.classList.contains("dark"));

    // Links do not prefetch (components/ui/app-link.tsx): a page load with the whole sidebar in view
    // used to send two prefetch requests per link. Counted over a load and a click to another page.
    const prefetches = [];
    page.on("request", (r) => r.headers()["next-router-prefetch"] && prefetches.push(r.url()));
    await page.reload();
    await page.waitForLoadState("networkidle");
    await page.getByTestId("side-item-/app/logs/api-usage").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/logs/api-usage");
    await page.waitForLoadState("networkidle");
    assert.deepEqual(prefetches, [], "no page may be prefetched");

    const missing = await page.goto(`${baseUrl}/no-such-page`);
    assert.equal(missing?.status(), 404);
    await page.getByTestId("top-nav").waitFor();
    await screenshot("not-found-en", page);

    await page.getByTestId("language-menu").click();
    await page.getByTestId("language-zh").click();
    await page.waitForFunction(() => document.documentElement?.lang.startsWith("zh"));

    const mobile = await browser.newContext({ locale: "zh-CN", viewport: { width: 375, height: 812 }, isMobile: true });
    const m = await mobile.newPage();
    await login(m, baseUrl);
    await m.getByTestId("mobile-menu-button").click();
    await m.getByRole("dialog").getByText("令牌管理").first().waitFor();
    await screenshot("shell-mobile-zh", m);
    await mobile.close();

    await page.goto(`${baseUrl}/app/tokens`);
    await page.getByTestId("avatar-menu").click();
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await page.goto(`${baseUrl}/app/tokens`);
    assert.equal(new URL(page.url()).pathname, "/login", "after logout the console must ask for a login again");

    // An ordinary user (registered in 02-login) is sent home from admin pages, and sees no admin group.
    await page.getByTestId("login-username").fill("alice");
    await page.getByTestId("login-password").fill("alicepass1");
    await page.getByTestId("login-submit").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
    assert.equal(
      await page.getByTestId("side-nav").getByText("渠道管理").count(),
      0,
      "no admin items for an ordinary user",
    );
    await page.goto(`${baseUrl}/admin/users`);
    assert.equal(new URL(page.url()).pathname, "/", "/admin/* must send a non-admin home");
  } finally {
    await ctx.close();
  }
}
