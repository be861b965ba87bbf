// Log retention in /admin/settings (operation tab, logs section): root sets LogRetentionDays (a bad
// value is refused with its message, the saved one survives a reload), and, root only, cleans up the
// logs before a date — cancel keeps them, confirm deletes them and says how many; an admin sees the
// retention field read-only (root-only option, issue 17) and not the cleanup. zh/en desktop/mobile
// screenshots.
import assert from "node:assert/strict";
import { API_ONLY, apiAs, loggedInContext, seedRows } from "./support.mjs";
import { VIEWS } from "./support-admin.mjs";

const DAY = 86_400;
const ADMIN = { username: "e2e96admin", password: "e2e96-admin-pass" };

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();

const pad = (n) => String(n).padStart(2, "0");
function localDate(daysAgo) {
  const d = new Date();
  d.setDate(d.getDate() - daysAgo);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

const optionValue = async (page, key) =>
  (await apiAs(page, "GET", "/api/option/")).data.find((o) => o.key === key)?.value ?? "";

async function openLogs(page, baseUrl) {
  const url = `${baseUrl}/admin/settings?tab=operation`;
  if (page.url() !== url) await page.goto(url);
  await page.getByTestId("settings-section-logs").waitFor();
  // the options are loaded once the save button is enabled
  await page.waitForFunction(() => !document.querySelector('[data-testid="settings-save-logs"]')?.disabled);
}

async function retentionAndCleanup(page, baseUrl, serverDb, screenshot) {
  await openLogs(page, baseUrl);
  const field = page.getByTestId("opt-LogRetentionDays");
  await field.fill("-1");
  await page.getByTestId("settings-save-logs").click();
  await toast(page, "日志保留天数必须是不小于 0 的整数（0 表示永久保留）");
  assert.equal(await optionValue(page, "LogRetentionDays"), "0", "a refused value is not stored");

  // Longer than the seeded logs' age, so the hourly retention pass cannot race the cleanup below.
  await field.fill("1000");
  await page.getByTestId("settings-save-logs").click();
  await toast(page, "保存成功");
  assert.equal(await optionValue(page, "LogRetentionDays"), "1000");
  await page.reload();
  await openLogs(page, baseUrl);
  assert.equal(await page.getByTestId("opt-LogRetentionDays").inputValue(), "1000", "the saved value after reload");

  // Three logs from 400 days ago; everything else on this server is from today.
  const root = (await apiAs(page, "GET", "/api/user/self")).data;
  const old = Math.floor(Date.now() / 1000) - 400 * DAY;
  await seedRows(serverDb, {
    log: [1, 2, 3].map((i) => ({
      createdAt: old + i,
      type: 4,
      content: `e2e-96 old log ${i}`,
      userId: root.id,
      username: root.username,
    })),
  });

  const date = page.getByTestId("log-cleanup-date");
  await date.fill("");
  await page.getByTestId("log-cleanup-submit").click();
  await page.getByText("请选择日期").first().waitFor();

  await date.fill(localDate(200));
  await page.getByTestId("log-cleanup-submit").click();
  await page
    .getByRole("dialog")
    .getByText(`将永久删除 ${localDate(200)} 之前产生的所有日志`)
    .waitFor();
  await page.getByTestId("log-cleanup-cancel").click();
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await page.getByTestId("log-cleanup-submit").click();
  await page.getByRole("dialog").waitFor();
  await page.screenshot({ path: await screenshot("cleanup-confirm-desktop-zh", page) });
  await page.getByTestId("log-cleanup-confirm").click();
  await toast(page, "已删除 3 条日志"); // cancelled above: all three were still there
  await page.getByRole("dialog").waitFor({ state: "detached" });

  await page.getByTestId("log-cleanup-submit").click();
  await page.getByTestId("log-cleanup-confirm").click();
  await toast(page, "已删除 0 条日志");
}

async function adminSeesNoCleanup(browser, baseUrl, rootPage) {
  const created = await apiAs(rootPage, "POST", "/api/user/", { ...ADMIN, display_name: ADMIN.username });
  assert.ok(created.success, `create admin: ${created.message}`);
  const found = await apiAs(rootPage, "GET", `/api/user/search?keyword=${ADMIN.username}`);
  const id = found.data.items.find((u) => u.username === ADMIN.username).id;
  const promoted = await apiAs(rootPage, "POST", "/api/user/manage", { id, action: "promote" });
  assert.ok(promoted.success, `promote: ${promoted.message}`);
  const { ctx, page } = await loggedInContext(browser, baseUrl, ADMIN, { path: API_ONLY });
  try {
    await openLogs(page, baseUrl);
    assert.equal(await page.getByTestId("opt-LogRetentionDays").inputValue(), "1000");
    assert.equal(await page.getByTestId("opt-LogRetentionDays").isDisabled(), true, "root-only option");
    assert.equal(await page.getByTestId("settings-log-cleanup").count(), 0, "only root may clean up logs");
  } finally {
    await ctx.close();
  }
}

async function screenshots(browser, baseUrl, screenshot) {
  for (const [locale, width, height] of VIEWS) {
    const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, {
      width,
      height,
      language: locale,
      path: "/admin/settings?tab=operation",
    });
    try {
      await openLogs(page, baseUrl);
      const kind = width === 375 ? "mobile" : "desktop";
      // The settings page is long: show the viewport with the cleanup card at its bottom (the
      // retention field just above it), not the whole page.
      await page.evaluate(() => {
        const card = document.querySelector('[data-testid="settings-log-cleanup"]').getBoundingClientRect();
        window.scrollBy(0, card.bottom - window.innerHeight + 16);
      });
      const shot = async (name) => page.screenshot({ path: await screenshot(name, page), fullPage: false });
      await shot(`logs-${kind}-${locale}`);
      if (locale === "en") {
        await page.getByTestId("log-cleanup-submit").click();
        await page.getByRole("dialog").getByText("Delete old logs?").waitFor();
        await shot(`cleanup-confirm-${kind}-en`);
        await page.getByTestId("log-cleanup-cancel").click();
      }
    } finally {
      await ctx.close();
    }
  }
}

export async function run({ browser, baseUrl, screenshot, serverDb }) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, undefined, { path: API_ONLY });
  try {
    await retentionAndCleanup(page, baseUrl, serverDb, screenshot);
    await adminSeesNoCleanup(browser, baseUrl, page);
    await screenshots(browser, baseUrl, screenshot);
    // leave the server as found: keep logs forever
    const reset = await apiAs(page, "PUT", "/api/option/", { key: "LogRetentionDays", value: "0" });
    assert.ok(reset.success);
  } finally {
    await ctx.close();
  }
}
