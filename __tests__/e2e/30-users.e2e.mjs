// Users admin: add (with the empty-field message), search, edit
// (group, quota add, new password), promote, demote, disable (the user can no longer log in), enable,
// delete (cancelled, buttons gone); an admin who is not root cannot manage root; /user/edit/{id}.
// zh and en screenshots at 1280 and 375.
import assert from "node:assert/strict";
import { apiAs, loggedInContext, ROOT, setLanguage } from "./support.mjs";

const stamp = String(Date.now()).slice(-6);
const NAME = `e2eu${stamp}`;
const ADMIN = { username: `e2ea${stamp}`, password: "e2e-admin-1" };

/** Polls until the locator matches exactly n elements (lists refresh after a search). */
async function waitForCount(locator, n, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) !== n) {
    if (Date.now() > deadline) assert.fail(`expected ${n} rows, found ${await locator.count()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function tryLogin(browser, baseUrl, account) {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId("login-username").fill(account.username);
  await page.getByTestId("login-password").fill(account.password);
  await page.getByTestId("login-submit").click();
  // either the console opens or the refusal is shown (its toast fades, so race both)
  const ok = await Promise.race([
    page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 }).then(() => true),
    page
      .getByText("用户名或密码错误")
      .first()
      .waitFor({ timeout: 15_000 })
      .then(() => false),
  ]);
  return { ctx, page, ok };
}

function row(page, username) {
  return page.getByTestId("user-table-row").filter({ hasText: username });
}

async function searchFor(page, keyword) {
  await page.getByTestId("user-search-keyword").fill(keyword);
  await page.getByTestId("user-search-submit").click();
  await row(page, keyword).first().waitFor();
}

async function rowAction(page, username, action) {
  const r = row(page, username);
  if (action === "disable" || action === "enable") await r.getByTestId(`user-${action}`).click();
  else {
    await r.getByTestId("user-more").click();
    await page.getByTestId(`user-${action}`).click();
  }
  if (action !== "enable") {
    await page.getByTestId("user-confirm-confirm").click();
    await page.getByTestId("user-confirm-confirm").waitFor({ state: "detached" });
  }
}

async function badgeText(page, username, testId) {
  return (await row(page, username).getByTestId(testId).textContent())?.trim();
}

async function waitBadge(page, username, testId, text) {
  await row(page, username).getByTestId(testId).filter({ hasText: text }).waitFor({ timeout: 10_000 });
}

export async function run({ browser, baseUrl, screenshot }) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT, { path: "/admin/users" });
  const extra = [];
  try {
    await page.getByTestId("user-table-row").first().waitFor();
    await screenshot("users-desktop-zh", page);

    // add: empty fields first
    await page.getByTestId("user-add").click();
    await page.getByTestId("add-user-submit").click();
    await page.getByText("用户名和密码不能为空！").first().waitFor();
    await screenshot("users-add-errors-zh", page);
    await page.getByTestId("add-user-username").fill(NAME);
    await page.getByTestId("add-user-display-name").fill("E2E 用户");
    await page.getByTestId("add-user-password").fill("short");
    await page.getByTestId("add-user-submit").click();
    await page.getByText("密码长度至少为8个字符").first().waitFor();
    await page.getByTestId("add-user-password").fill("e2e-first-1");
    await page.getByTestId("add-user-submit").click();
    await page.getByText("用户账户创建成功！").first().waitFor();
    await page.getByTestId("add-user-form").waitFor({ state: "detached" });

    // search
    await searchFor(page, NAME);
    await waitForCount(page.getByTestId("user-table-row"), 1); // the search finds exactly the new user
    assert.equal(await badgeText(page, NAME, "user-status"), "已激活");

    // edit: group, new password, quota add
    await row(page, NAME).getByTestId("user-edit").click();
    await page.getByTestId("edit-user-form").waitFor();
    await page.getByTestId("edit-user-group").click();
    await page.getByTestId("edit-user-group-option-vip").click();
    await page.getByTestId("edit-user-password").fill("short");
    await page.getByTestId("edit-user-submit").click();
    await page.getByText("密码长度至少为8个字符").first().waitFor();
    await page.getByTestId("edit-user-password").fill("e2e-second-2");
    await page.getByTestId("quota-amount").fill("500000");
    await page.getByTestId("quota-apply").click();
    await page.getByTestId("quota-current").filter({ hasText: "500,000" }).waitFor();
    await screenshot("users-edit-drawer-zh", page);
    await page.getByTestId("edit-user-submit").click();
    await page.getByText("用户信息更新成功！").first().waitFor();
    await page.getByTestId("edit-user-form").waitFor({ state: "detached" });
    await row(page, NAME).getByText("vip").waitFor();
    await row(page, NAME).getByTestId("user-balance").filter({ hasText: "$1.00" }).waitFor();

    // the new password works, the old one not
    const oldPassword = await tryLogin(browser, baseUrl, { username: NAME, password: "e2e-first-1" });
    extra.push(oldPassword.ctx);
    assert.equal(oldPassword.ok, false, "the old password no longer works");
    const userSession = await tryLogin(browser, baseUrl, { username: NAME, password: "e2e-second-2" });
    extra.push(userSession.ctx);
    assert.ok(userSession.ok, "the user logs in with the password the admin set");

    // promote, demote
    await rowAction(page, NAME, "promote");
    await waitBadge(page, NAME, "user-role", "管理员");
    await rowAction(page, NAME, "demote");
    await waitBadge(page, NAME, "user-role", "普通用户");

    // disable: the open session dies and login is refused
    await rowAction(page, NAME, "disable");
    await waitBadge(page, NAME, "user-status", "已封禁");
    await screenshot("users-disabled-zh", page);
    await userSession.page.goto(`${baseUrl}/app/tokens`);
    assert.equal(new URL(userSession.page.url()).pathname, "/login", "a disabled user's session no longer works");
    const refused = await tryLogin(browser, baseUrl, { username: NAME, password: "e2e-second-2" });
    extra.push(refused.ctx);
    assert.equal(refused.ok, false, "a disabled user cannot log in");
    assert.equal(new URL(refused.page.url()).pathname, "/login");

    // enable: login works again
    await rowAction(page, NAME, "enable");
    await waitBadge(page, NAME, "user-status", "已激活");
    const again = await tryLogin(browser, baseUrl, { username: NAME, password: "e2e-second-2" });
    extra.push(again.ctx);
    assert.ok(again.ok, "an enabled user logs in again");

    // /user/edit/{id} as a page
    const id = Number(await row(page, NAME).getAttribute("data-row-key"));
    await page.goto(`${baseUrl}/user/edit/${id}`);
    await page.getByTestId("edit-user-form").waitFor();
    assert.equal(await page.getByTestId("edit-user-username").inputValue(), NAME);
    await screenshot("user-edit-page-zh", page);
    await page.goto(`${baseUrl}/admin/users`);
    await searchFor(page, NAME);

    // delete: cancelled, buttons gone
    await rowAction(page, NAME, "delete");
    await waitBadge(page, NAME, "user-status", "已注销");
    assert.equal(await row(page, NAME).getByTestId("user-edit").count(), 0, "a cancelled user has no actions");
    assert.equal(await row(page, NAME).getByTestId("user-more").count(), 0);
    await screenshot("users-cancelled-zh", page);

    // an admin (not root) cannot manage root
    const created = await apiAs(page, "POST", "/api/user/", { ...ADMIN, display_name: "" });
    assert.ok(created.success, created.message);
    const promoted = await apiAs(page, "POST", "/api/user/manage", { id: created.data.id, action: "promote" });
    assert.deepEqual(promoted.data, { status: 1, role: 10 });
    const rootList = await apiAs(page, "GET", "/api/user/search?keyword=root");
    const rootId = rootList.data.items.find((u) => u.username === "root").id;
    const admin = await loggedInContext(browser, baseUrl, ADMIN, { path: "/admin/users" });
    extra.push(admin.ctx);
    await searchFor(admin.page, "root");
    const rootRow = row(admin.page, "root").filter({
      has: admin.page.getByTestId("user-role").filter({ hasText: "超级管理员" }),
    });
    await rootRow.getByTestId("user-no-permission").waitFor();
    assert.equal(await rootRow.getByTestId("user-edit").count(), 0, "no edit button on root for an admin");
    await screenshot("users-admin-view-zh", admin.page);
    for (const action of ["disable", "delete", "demote"]) {
      const res = await apiAs(admin.page, "POST", "/api/user/manage", { id: rootId, action });
      assert.equal(res.success, false);
      assert.equal(res.message, "无权管理同级或更高权限的用户");
    }
    const edit = await apiAs(admin.page, "PUT", "/api/user/", { id: rootId, quota: 1 });
    assert.equal(edit.success, false);
    await admin.page.goto(`${baseUrl}/user/edit/${rootId}`);
    await admin.page.getByTestId("edit-user-error").filter({ hasText: "无权管理同级或更高权限的用户" }).waitFor();
    const rootNow = await apiAs(page, "GET", `/api/user/${rootId}`);
    assert.equal(rootNow.data.status, 1);

    // english, desktop
    await page.goto(`${baseUrl}/admin/users`);
    await setLanguage(page, "en");
    await page.getByText("Add user").first().waitFor();
    await screenshot("users-desktop-en", page);
    await page.getByTestId("user-add").click();
    await page.getByTestId("add-user-submit").click();
    await page.getByText("Username and password must not be empty!").first().waitFor();
    await screenshot("users-add-errors-en", page);
    await page.keyboard.press("Escape");
    await row(page, ADMIN.username).first().waitFor();
    await row(page, ADMIN.username).getByTestId("user-edit").click();
    await page.getByTestId("edit-user-form").waitFor();
    await screenshot("users-edit-drawer-en", page);
    await page.keyboard.press("Escape");
    await setLanguage(page, "zh");

    // mobile 375, zh and en
    for (const locale of ["zh", "en"]) {
      const m = await loggedInContext(browser, baseUrl, ROOT, {
        width: 375,
        height: 812,
        language: locale,
        path: "/admin/users",
      });
      extra.push(m.ctx);
      await m.page.getByTestId("user-table-row").first().waitFor();
      await screenshot(`users-mobile-${locale}`, m.page);
      await row(m.page, ADMIN.username).first().getByTestId("user-edit").click();
      await m.page.getByTestId("edit-user-form").waitFor();
      await screenshot(`users-edit-drawer-mobile-${locale}`, m.page);
      await m.page.keyboard.press("Escape");
      await m.page.getByTestId("user-add").click();
      await m.page.getByTestId("add-user-form").waitFor();
      await screenshot(`users-add-mobile-${locale}`, m.page);
    }
  } finally {
    for (const c of extra) await c.close().catch(() => undefined);
    await ctx.close();
  }
}
