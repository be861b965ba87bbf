// /app/logs/api-usage: a relay call shows up in the caller's logs with its cost and stats; rows
// expand to their details; the model filter and column settings work; admins see the user column
// and everyone's rows.
import assert from "node:assert/strict";
import OpenAI from "openai";
import { asRoot, mergeOption, setQuota } from "./support-admin.mjs";
import { API_ONLY, apiAs, loggedInContext, ROOT, setLanguage, startMockUpstream } from "./support.mjs";

const MODEL = "e2e-logs-model";
const USER = { username: "logsuser", password: "logspass1" };

const prepare = (browser, baseUrl, upstreamUrl) =>
  asRoot(browser, baseUrl, async (page) => {
    const ok = (r) => assert.equal(r.success, true, r.message);
    ok(
      await apiAs(page, "POST", "/api/channel/", {
        name: "e2e-logs",
        type: 1,
        key: "sk-up",
        base_url: upstreamUrl,
        models: MODEL,
        group: "default",
      }),
    );
    await mergeOption(page, "ModelRatio", { [MODEL]: 1000 });
    const created = await apiAs(page, "POST", "/api/user/register", { ...USER, password2: USER.password });
    if (!created.success) assert.match(created.message, /已存在|exists/);
    await setQuota(page, USER.username, 100_000_000);
  });

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  try {
    await prepare(browser, baseUrl, upstream.url);
    const { ctx, page } = await loggedInContext(browser, baseUrl, USER, { path: API_ONLY });
    try {
      const token = await apiAs(page, "POST", "/api/token/", { name: "logs-token", unlimited_quota: true });
      assert.equal(token.success, true, token.message);
      const client = new OpenAI({ apiKey: token.data.key, baseURL: `${baseUrl}/v1` });
      await client.chat.completions.create({ model: MODEL, messages: [{ role: "user", content: "hi" }] });
      const stream = await client.chat.completions.create({
        model: MODEL,
        stream: true,
        messages: [{ role: "user", content: "hi" }],
      });
      for await (const chunk of stream) void chunk;

      await page.goto(`${baseUrl}/app/logs/api-usage`);
      // logs are written right after the response: query until both rows are there
      for (let i = 0; i < 20; i++) {
        await page.getByTestId("log-query").click();
        await page.waitForTimeout(300);
        if ((await page.getByTestId("log-table-row").filter({ hasText: MODEL }).count()) >= 2) break;
      }
      const rows = page.getByTestId("log-table-row").filter({ hasText: MODEL });
      assert.equal(await rows.count(), 2);
      await rows.first().getByText(MODEL).waitFor();
      assert.equal(await page.getByTestId("log-user").count(), 0, "users do not see the user column");
      const quotaBadge = await page.getByTestId("log-stat-quota").innerText();
      assert.doesNotMatch(quotaBadge, /\$0\.00$/);
      await rows.first().getByText("流", { exact: true }).waitFor();

      await rows.first().getByTestId("log-expand").click();
      await page.getByTestId("log-details").getByText("模型倍率", { exact: true }).waitFor();
      await screenshot("logs-user-zh", page);

      await page.getByTestId("log-filter-model").fill("no-such-model");
      await page.getByTestId("log-query").click();
      await page.getByTestId("log-table-empty").waitFor();
      await page.getByTestId("log-filter-model").fill("");
      await page.getByTestId("log-query").click();
      await page.getByTestId("log-table-row").first().waitFor();

      await page.getByTestId("log-columns").click();
      await page.getByTestId("log-column-quota").click();
      await page.keyboard.press("Escape");
      assert.equal(await page.getByRole("columnheader", { name: "花费" }).count(), 0);
      await page.reload();
      // rows arrive from a client fetch, so once one shows the page is hydrated with the stored choice
      await page.getByTestId("log-table-row").first().waitFor();
      assert.equal(await page.getByRole("columnheader", { name: "花费" }).count(), 0, "column choice is remembered");

      await setLanguage(page, "en");
      await page.getByTestId("log-table-row").first().waitFor();
      await screenshot("logs-user-en", page);
    } finally {
      await ctx.close();
    }

    const admin = await loggedInContext(browser, baseUrl, ROOT, { path: "/app/logs/api-usage" });
    try {
      await admin.page.getByTestId("log-filter-username").fill(USER.username);
      await admin.page.getByTestId("log-query").click();
      const userCell = admin.page.getByTestId("log-user").first();
      await userCell.waitFor();
      await userCell.click();
      // the popover loads the user through GET /api/user/{id}
      await admin.page.getByTestId("log-user-info").getByText("default", { exact: true }).waitFor();
      await screenshot("logs-admin-zh", admin.page);
    } finally {
      await admin.ctx.close();
    }

    const mobile = await loggedInContext(browser, baseUrl, USER, {
      width: 375,
      height: 812,
      path: "/app/logs/api-usage",
    });
    try {
      await mobile.page.getByTestId("log-table-row").first().waitFor();
      await screenshot("logs-mobile-zh", mobile.page);
      await setLanguage(mobile.page, "en");
      await mobile.page.getByTestId("log-table-row").first().waitFor();
      await screenshot("logs-mobile-en", mobile.page);
    } finally {
      await mobile.ctx.close();
    }
  } finally {
    await upstream.close();
  }
}
