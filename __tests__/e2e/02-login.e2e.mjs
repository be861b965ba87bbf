// Login and register screens: validation messages on bad input, a guarded page sends a visitor to
// /login?returnTo=..., and logging in lands on /app/tokens inside the console shell.
import assert from "node:assert/strict";

/** run.mjs fixture: it registers alice through the form. */
export const needs = "root";

export async function run({ browser, baseUrl, screenshot }) {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/register`);
    await page.getByTestId("register-submit").click();
    await page.getByText("用户名不能为空").waitFor();
    await page.getByTestId("register-username").fill("alice");
    await page.getByTestId("register-password").fill("short");
    await page.getByTestId("register-submit").click();
    await page.getByText("密码长度至少为8个字符").first().waitFor();
    await page.getByTestId("register-password").fill("alicepass1");
    await page.getByTestId("register-confirm").fill("alicepass2");
    await page.getByTestId("register-submit").click();
    await page.getByText("两次输入的密码不一致").waitFor();
    await screenshot("register-errors-zh", page);
    await page.getByTestId("register-confirm").fill("alicepass1");
    await page.getByTestId("register-submit").click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });

    await page.goto(`${baseUrl}/app/tokens`);
    const url = new URL(page.url());
    assert.equal(url.pathname, "/login");
    assert.equal(url.searchParams.get("returnTo"), "/app/tokens");

    await page.getByTestId("login-submit").click();
    await page.getByText("请输入用户名和密码！").first().waitFor();
    await page.getByTestId("login-username").fill("root");
    await page.getByTestId("login-password").fill("wrong-password");
    await page.getByTestId("login-submit").click();
    await page.getByText("用户名或密码错误").first().waitFor();
    await screenshot("login-errors-zh", page);

    await page.getByTestId("login-password").fill("rootpassword");
    await page.getByTestId("login-submit").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
    for (const id of ["top-nav", "side-nav", "footer", "avatar-menu", "inbox-bell"])
      await page.getByTestId(id).first().waitFor();
    await screenshot("shell-desktop-zh", page);

    // issue 17 item 5: a returnTo that a browser would read as another host (tab stripped: //evil)
    // never leaves the console after login
    const attack = await browser.newContext({ locale: "zh-CN" });
    try {
      const p = await attack.newPage();
      await p.goto(`${baseUrl}/login?returnTo=${encodeURIComponent("/\t/evil.example/x")}`);
      await p.getByTestId("login-username").fill("root");
      await p.getByTestId("login-password").fill("rootpassword");
      await p.getByTestId("login-submit").click();
      await p.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
      assert.equal(new URL(p.url()).origin, new URL(baseUrl).origin);
    } finally {
      await attack.close();
    }
  } finally {
    await ctx.close();
  }
}
