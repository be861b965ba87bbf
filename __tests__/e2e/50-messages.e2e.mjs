// Admin messages and the inbox: root sends a markdown message to two users through the
// create drawer; a recipient sees the bell, reads it in /app/inbox; the admin edit drawer shows who
// read it and when; edit, search, delete with confirmation; an html payload renders sanitized.
import assert from "node:assert/strict";
import { ALICE, ROOT, apiAs, loggedInContext } from "./support.mjs";

const suffix = Date.now().toString(36).slice(-5);
const BOB = { username: `mb${suffix}`, password: "bobpass123" };
const TITLE = `E2E 公告 ${suffix}`;
const MARKDOWN = [
  "# 欢迎",
  "",
  "这是一条 **重要** 通知。",
  "",
  "- 第一项",
  "- [文档](https://example.com/docs)",
  "",
  "<script>window.__pwned = 1</script>",
].join("\n");
const HTML = [
  `<p>安全的 <b>HTML</b> ${suffix}</p>`,
  '<img src="x" onerror="window.__xss = 1">',
  "<script>window.__xss = 2</script>",
  '<a href="javascript:window.__xss = 3">坏链接</a>',
].join("");

async function registerBob(browser, baseUrl) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}/login`);
  const res = await page.evaluate(async (body) => {
    const r = await fetch("/api/user/register", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    return r.json();
  }, BOB);
  assert.ok(res.success, `registering ${BOB.username}: ${res.message}`);
  await ctx.close();
}

const row = (page, title) => page.getByTestId("message-table-row").filter({ hasText: title });

async function pickUser(page, username, { wholePage = false } = {}) {
  await page.getByTestId("recipient-picker-search").fill(username);
  await page.getByTestId("recipient-picker-search-submit").click();
  const target = page
    .getByTestId("recipient-picker-table-row")
    .filter({ has: page.getByText(username, { exact: true }) });
  await target.waitFor();
  if (!wholePage) return void (await target.getByRole("checkbox").click());
  // "select page" acts on the rows shown: wait until the search result has replaced the last page
  // and the table is no longer fetching (aria-busy)
  const rows = page.getByTestId("recipient-picker-table-row");
  const busy = page.getByTestId("recipient-picker").locator("table[aria-busy]");
  for (let i = 0; (await busy.count()) > 0 || (await rows.count()) !== (await target.count()); i++) {
    if (i > 200) throw new Error(`the picker still shows rows other than ${username}`);
    await page.waitForTimeout(50);
  }
  await page.getByTestId("recipient-picker-table-select-page").click();
}

async function unreadBadge(page) {
  const badge = page.getByTestId("inbox-badge");
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
}

export async function run({ browser, baseUrl, screenshot }) {
  await registerBob(browser, baseUrl);
  const { ctx: rootCtx, page } = await loggedInContext(browser, baseUrl, ROOT, { path: "/admin/messages" });
  const contexts = [rootCtx];
  try {
    // --- create through the drawer, with every validation message on the way ---
    await page.getByTestId("message-table").waitFor();
    await page.getByTestId("message-create").click();
    const form = page.getByTestId("message-create-form");
    await form.waitFor();
    await page.getByTestId("message-create-submit").click();
    await form.getByText("请输入消息标题").waitFor();
    await page.getByTestId("message-create-title").fill("   ");
    await page.getByTestId("message-create-submit").click();
    await form.getByText("请输入消息标题").waitFor();
    await page.getByTestId("message-create-title").fill(TITLE);
    await page.getByTestId("message-create-submit").click();
    await form.getByText("请输入消息内容").waitFor();
    await page.getByTestId("message-create-content").fill(MARKDOWN);
    await page.getByTestId("message-create-submit").click();
    await page.getByTestId("recipient-picker-error").getByText("请选择至少一个收件人").waitFor();
    await pickUser(page, ALICE.username);
    await pickUser(page, BOB.username, { wholePage: true });
    await page.getByTestId("recipient-picker-count").getByText("已选择 2 人").waitFor();
    await screenshot("admin-messages-create-desktop-zh", page);
    await page.getByTestId("message-create-submit").click();
    await page.getByText("消息创建成功").first().waitFor();
    await form.waitFor({ state: "detached" });
    await row(page, TITLE).waitFor();
    assert.equal(await row(page, TITLE).getByTestId("message-recipient-count").textContent(), "2");
    assert.equal(await row(page, TITLE).getByTestId("format-badge").textContent(), "Markdown");
    const messageId = Number(await row(page, TITLE).getAttribute("data-row-key"));
    assert.ok(messageId > 0);

    // --- alice: the bell shows it unread; the inbox lists it; opening it renders and marks it read ---
    const { ctx: aliceCtx, page: alice } = await loggedInContext(browser, baseUrl, ALICE);
    contexts.push(aliceCtx);
    await alice.getByTestId("inbox-badge").waitFor();
    const unreadBefore = await unreadBadge(alice);
    assert.ok(unreadBefore >= 1, "the bell must count the new message");
    await alice.getByTestId("inbox-bell").click();
    await alice.waitForURL((u) => new URL(u).pathname === "/app/inbox");
    const item = alice.getByTestId("inbox-item").filter({ hasText: TITLE });
    await item.waitFor();
    assert.equal(await item.getAttribute("data-read"), "false");
    await item.getByTestId("inbox-unread").waitFor();
    const preview = await item.getByTestId("inbox-preview").textContent();
    assert.ok(preview.startsWith("欢迎 这是一条 重要 通知。 第一项 文档"), `preview strips markup: ${preview}`);
    await screenshot("inbox-list-desktop-zh", alice);

    await item.click();
    await alice.waitForURL((u) => new URL(u).pathname === `/app/inbox/${messageId}`);
    const body = alice.getByTestId("inbox-message-body");
    await body.locator("h1", { hasText: "欢迎" }).waitFor();
    await body.locator("strong", { hasText: "重要" }).waitFor();
    assert.equal(await body.locator("a", { hasText: "文档" }).getAttribute("href"), "https://example.com/docs");
    // raw html in markdown is shown as text, never run
    await body.getByText("<script>window.__pwned = 1</script>").waitFor();
    assert.equal(await body.locator("script").count(), 0);
    assert.equal(await alice.evaluate(() => window.__pwned), undefined);
    assert.equal(
      await alice.getByTestId("inbox-message").getByTestId("format-badge").count(),
      0,
      "no tag for markdown",
    );
    await alice.waitForFunction(
      () => document.querySelector('[data-testid="inbox-message-read"]')?.textContent?.match(/^\d{4}-\d\d-\d\d /),
      null,
      { timeout: 10_000 },
    );
    // the bell's count drops without waiting for the 30 s poll
    await alice.waitForFunction(
      (before) => {
        const b = document.querySelector('[data-testid="inbox-badge"]');
        return (b ? Number(b.textContent) : 0) === before - 1;
      },
      unreadBefore,
      { timeout: 10_000 },
    );
    await screenshot("inbox-detail-desktop-zh", alice);
    await alice.getByTestId("inbox-back").click();
    await alice.getByTestId("inbox-item").filter({ hasText: TITLE }).and(alice.locator('[data-read="true"]')).waitFor();

    // --- back in the admin edit drawer: alice read it (with a time), bob did not ---
    await page.reload();
    await row(page, TITLE).getByTestId("message-edit").click();
    const stats = page.getByTestId("message-stats");
    await stats.waitFor();
    assert.equal(await page.getByTestId("stat-id").textContent(), String(messageId));
    assert.equal(await page.getByTestId("stat-recipients").textContent(), "2");
    assert.equal(await page.getByTestId("stat-read").textContent(), "1");
    const recipients = page.getByTestId("recipient-list-row");
    const aliceRow = recipients.filter({ hasText: ALICE.username });
    const bobRow = recipients.filter({ hasText: BOB.username });
    assert.equal(await aliceRow.getByTestId("recipient-status").textContent(), "已读");
    assert.match(await aliceRow.getByTestId("recipient-read-at").textContent(), /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal(await bobRow.getByTestId("recipient-status").textContent(), "未读");
    assert.equal(await bobRow.getByTestId("recipient-read-at").textContent(), "—");
    await screenshot("admin-messages-edit-desktop-zh", page);

    // --- edit ---
    await page.getByTestId("message-edit-title").fill("");
    await page.getByTestId("message-edit-submit").click();
    await page.getByTestId("message-edit-form").getByText("请输入消息标题").waitFor();
    const edited = `${TITLE} 已编辑`;
    await page.getByTestId("message-edit-title").fill(edited);
    await page.getByTestId("message-edit-submit").click();
    await page.getByText("消息更新成功").first().waitFor();
    await row(page, edited).waitFor();

    // --- search: keyword, then a date range that excludes it, then reset ---
    await page.getByTestId("message-search-keyword").fill(`已编辑`);
    await page.getByTestId("message-search-submit").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="message-table-row"]').length === 1,
      null,
      { timeout: 10_000 },
    );
    await row(page, edited).waitFor();
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
    await page.getByTestId("message-search-start").fill(day);
    await page.getByTestId("message-search-submit").click();
    await page.getByTestId("message-table-empty").getByText("没有符合条件的消息").waitFor();
    await page.getByTestId("message-search-reset").click();
    await row(page, edited).waitFor();
    await screenshot("admin-messages-list-desktop-zh", page);

    // --- an html message: scripts, handlers and javascript: links never reach the page ---
    const created = await apiAs(page, "POST", "/api/admin/messages", {
      title: `HTML ${suffix}`,
      content: HTML,
      format: "html",
      user_ids: [await userId(page, ALICE.username)],
    });
    assert.ok(created.success, created.message);
    const htmlId = created.data.id;
    await alice.goto(`${baseUrl}/app/inbox/${htmlId}`);
    const htmlBody = alice.getByTestId("inbox-message-body");
    await htmlBody.locator("b", { hasText: "HTML" }).waitFor();
    await alice.getByTestId("inbox-message").getByTestId("format-badge").getByText("HTML").waitFor();
    assert.equal(await htmlBody.locator("script").count(), 0);
    assert.equal(await htmlBody.locator("[onerror]").count(), 0);
    assert.equal(await htmlBody.locator('a[href^="javascript"]').count(), 0);
    // every image of the body has loaded or failed: an injected onerror handler would have run by now
    await htmlBody.evaluate((el) =>
      Promise.all(
        [...el.querySelectorAll("img")].map((img) =>
          img.complete ? null : new Promise((r) => ["load", "error"].forEach((e) => img.addEventListener(e, r))),
        ),
      ),
    );
    assert.equal(await alice.evaluate(() => window.__xss), undefined, "no injected script ran");

    // --- screenshots in en and on mobile ---
    await shots({ browser, baseUrl, screenshot, contexts, htmlId, edited });

    // --- delete with confirmation; the recipient's copy disappears too ---
    await row(page, edited).getByTestId("message-delete").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("确定删除这条消息吗？").waitFor();
    await page.getByTestId("message-delete-dialog-cancel").click();
    assert.equal(await row(page, edited).count(), 1, "cancel keeps the message");
    await row(page, edited).getByTestId("message-delete").click();
    await page.getByTestId("message-delete-dialog-confirm").click();
    await page.getByText("消息删除成功").first().waitFor();
    await row(page, edited).waitFor({ state: "detached" });
    await alice.goto(`${baseUrl}/app/inbox/${messageId}`);
    await alice.getByText("消息不存在").first().waitFor();
    await alice.waitForURL((u) => new URL(u).pathname === "/app/inbox");
  } catch (err) {
    // the state of every open page at the failure, for the person reading the report
    for (const [i, c] of contexts.entries())
      for (const p of c.pages()) await screenshot(`failure-${i}`, p).catch(() => {});
    throw err;
  } finally {
    for (const c of contexts) await c.close();
  }
}

async function userId(page, username) {
  const res = await apiAs(page, "GET", `/api/user/search?keyword=${encodeURIComponent(username)}&page_size=100`);
  const user = res.data.items.find((u) => u.username === username);
  assert.ok(user, `user ${username} exists`);
  return user.id;
}

async function shots({ browser, baseUrl, screenshot, contexts, htmlId, edited }) {
  const variants = [
    { tag: "desktop-en", lang: "en", width: 1280, height: 860 },
    { tag: "mobile-zh", lang: "zh", width: 375, height: 812 },
    { tag: "mobile-en", lang: "en", width: 375, height: 812 },
  ];
  for (const v of variants) {
    const opts = { locale: v.lang === "en" ? "en-US" : "zh-CN", language: v.lang, width: v.width, height: v.height };
    const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT, { ...opts, path: "/admin/messages" });
    contexts.push(ctx);
    await row(page, edited).waitFor();
    await screenshot(`admin-messages-list-${v.tag}`, page);
    await page.getByTestId("message-create").click();
    await page.getByTestId("recipient-picker-table-row").first().waitFor();
    await screenshot(`admin-messages-create-${v.tag}`, page);
    await page.keyboard.press("Escape");
    await page.getByTestId("message-create-form").waitFor({ state: "detached" });
    await row(page, edited).getByTestId("message-edit").click();
    await page.getByTestId("recipient-list-row").first().waitFor();
    await screenshot(`admin-messages-edit-${v.tag}`, page);

    const { ctx: actx, page: alice } = await loggedInContext(browser, baseUrl, ALICE, { ...opts, path: "/app/inbox" });
    contexts.push(actx);
    await alice.getByTestId("inbox-item").first().waitFor();
    await screenshot(`inbox-list-${v.tag}`, alice);
    await alice.goto(`${baseUrl}/app/inbox/${htmlId}`);
    await alice.getByTestId("inbox-message-body").locator("b").first().waitFor();
    await screenshot(`inbox-detail-${v.tag}`, alice);
  }
}
