// /app/tokens: create a token in the drawer (with the name-required and the schema's quota and count
// messages first), copy its key, call the relay with it through the official openai SDK (the table and
// the copy carry "sk-", the API's keys do not), and see the used quota in the table;
// batch creation, search, copy-selected, disable and delete with confirmation.
import assert from "node:assert/strict";
import OpenAI from "openai";
import {
  ALICE,
  apiAs,
  copiedText,
  grantClipboard,
  loggedInContext,
  setLanguage,
  startMockUpstream,
} from "./support.mjs";
import { addUpstreamChannel, asRoot, setQuota } from "./support-admin.mjs";

const MODEL = "e2e-token-model";

async function prepareRelay(browser, baseUrl, upstreamUrl) {
  await asRoot(browser, baseUrl, async (page) => {
    await addUpstreamChannel(page, "e2e-tokens-upstream", upstreamUrl, MODEL);
    const ratio = await apiAs(page, "PUT", "/api/option/", {
      key: "ModelRatio",
      value: JSON.stringify({ [MODEL]: 1000 }),
    });
    assert.equal(ratio.success, true, ratio.message);
    await setQuota(page, ALICE.username, 100_000_000);
  });
}

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  try {
    await prepareRelay(browser, baseUrl, upstream.url);
    const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE);
    await grantClipboard(ctx, baseUrl);
    try {
      await page.getByTestId("token-table").waitFor();
      await page.getByTestId("token-table-empty").waitFor();
      await screenshot("tokens-empty-zh", page);

      // name required
      await page.getByTestId("token-add").click();
      await page.getByTestId("token-submit").click();
      await page.getByText("请输入令牌名称").first().waitFor();
      await page.getByTestId("token-name").fill("e2e-main");
      // the drawer validates with the route's schema: its message shows under the field it names
      await page.getByTestId("token-quota").fill("1.5");
      await page.getByTestId("token-count").fill("0");
      await page.getByTestId("token-submit").click();
      const form = page.getByTestId("token-form");
      await form.getByText("额度必须是整数").waitFor();
      await form.getByText("数量必须是正整数").waitFor();
      await screenshot("tokens-drawer-invalid-zh", page);
      await page.getByTestId("token-count").fill("1");
      await page.getByTestId("token-expiry-day").click();
      await page.getByTestId("token-quota").fill("50000000");
      await screenshot("tokens-drawer-zh", page);
      await page.getByTestId("token-submit").click();
      await page.getByText("令牌创建成功").first().waitFor();
      const row = page.getByTestId("token-table-row").filter({ hasText: "e2e-main" });
      await row.waitFor();

      // copy the key and call the relay with it
      await row.getByTestId("token-copy-key").click();
      await page.getByText("已复制到剪贴板！").first().waitFor();
      const key = await copiedText(page);
      assert.match(key, /^sk-[A-Za-z0-9]{40,}$/);
      // The API answers keys without "sk-" (new-api's contract); the table shows and copies them with it.
      const masked = (await row.getByTestId("token-key").innerText()).trim();
      assert.match(masked, /^sk-[A-Za-z0-9]{4}\*{10}[A-Za-z0-9]{4}$/);
      assert.ok(key.startsWith(masked.slice(0, 7)) && key.endsWith(masked.slice(-4)), `${masked} masks ${key}`);
      const listed = (await apiAs(page, "GET", "/api/token/?p=1&size=10")).data.items.find(
        (t) => t.name === "e2e-main",
      );
      assert.equal(listed.key, masked.slice(3));
      assert.equal((await apiAs(page, "POST", `/api/token/${listed.id}/key`)).data.key, key.slice(3));
      const client = new OpenAI({ apiKey: key, baseURL: `${baseUrl}/v1` });
      const reply = await client.chat.completions.create({ model: MODEL, messages: [{ role: "user", content: "hi" }] });
      assert.equal(reply.choices[0].message.content, "This is a mock completion.");
      // bookkeeping is written after the response: reload until the used quota shows
      let used = "";
      for (let i = 0; i < 20 && (used === "" || used === "$0.00"); i++) {
        await page.waitForTimeout(300);
        await page.reload();
        used = (
          await page.getByTestId("token-table-row").filter({ hasText: "e2e-main" }).locator("td").nth(3).innerText()
        ).trim();
      }
      assert.notEqual(used, "$0.00", "the used quota is shown after the call");

      // the usage log bills exactly (prompt + completion × completion ratio) × model ratio, and the
      // wallet balance drops by that amount
      const logs = await apiAs(page, "GET", `/api/log/self/?p=1&page_size=10&model_name=${MODEL}`);
      const log = logs.data.items.find((l) => l.token_name === "e2e-main");
      assert.ok(log, "the call has a usage log row");
      const other = JSON.parse(log.other);
      const expected = Math.round(
        (reply.usage.prompt_tokens + reply.usage.completion_tokens * other.completion_ratio) * 1000 * other.group_ratio,
      );
      assert.equal(log.quota, expected);
      // the log shows six decimals, the wallet two (lib/format.ts)
      const dollars = (q, digits = 2) => `$${(q / 500_000).toFixed(digits)}`;
      await page.goto(`${baseUrl}/app/logs/api-usage`);
      const logRow = page.getByTestId("log-table-row").filter({ hasText: MODEL }).first();
      await logRow.waitFor();
      await logRow.getByText(dollars(expected, 6), { exact: true }).first().waitFor();
      await screenshot("tokens-call-log-row-zh", page);
      const self = await apiAs(page, "GET", "/api/user/self");
      assert.equal(self.data.quota, 100_000_000 - expected, "the balance dropped by the logged quota");
      await page.goto(`${baseUrl}/app/wallet`);
      await page.waitForFunction(
        (text) => document.querySelector('[data-testid="wallet-balance"]')?.textContent === text,
        dollars(100_000_000 - expected),
      );
      await page.goto(`${baseUrl}/app/tokens`);
      await page.getByTestId("token-table-row").first().waitFor();

      // batch creation: 3 tokens, the extra ones with a random suffix
      await page.getByTestId("token-add").click();
      await page.getByTestId("token-name").fill("e2e-batch");
      await page.getByTestId("token-count").fill("3");
      await page.getByTestId("token-submit").click();
      await page.getByText("已创建 3 个令牌").first().waitFor();
      await page.getByTestId("token-search-name").fill("e2e-batch");
      await page.getByTestId("token-search-submit").click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="token-table-row"]').length === 3);
      const names = await page.getByTestId("token-table-row").locator("td:nth-child(2)").allInnerTexts();
      assert.equal(names.filter((n) => /^e2e-batch-[A-Za-z0-9]{6}$/.test(n.trim())).length, 2);

      // copy selected needs a selection
      await page.getByTestId("token-copy-selected").click();
      await page.getByText("请至少选择一个令牌！").first().waitFor();
      await page.getByTestId("token-table-select-page").click();
      await page.getByTestId("token-copy-selected").click();
      await page.waitForFunction(() => window.__copied?.at(-1)?.split("\n").length === 3);

      // disable, then delete with confirmation
      const first = page.getByTestId("token-table-row").first();
      await first.getByTestId("token-more").click();
      await page.getByTestId("token-toggle").click();
      await page.getByText("已禁用令牌").first().waitFor();
      await page.getByTestId("token-table-row").first().getByText("已禁用").waitFor();
      await page.getByTestId("token-table-row").first().getByTestId("token-more").click();
      await page.getByTestId("token-delete").click();
      await page.getByTestId("token-delete-dialog-confirm").click();
      await page.getByText("删除成功").first().waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="token-table-row"]').length === 2);
      await screenshot("tokens-list-zh", page);

      await setLanguage(page, "en");
      await page.getByTestId("token-table-row").first().waitFor();
      await screenshot("tokens-list-en", page);
      await page.getByTestId("token-add").click();
      await screenshot("tokens-drawer-en", page);
    } finally {
      await ctx.close();
    }

    const mobile = await loggedInContext(browser, baseUrl, ALICE, { width: 375, height: 812 });
    try {
      await mobile.page.getByTestId("token-table-row").first().waitFor();
      await screenshot("tokens-mobile-zh", mobile.page);
      await mobile.page.getByTestId("token-table-row").first().getByTestId("token-edit").click();
      await mobile.page.getByTestId("token-form").waitFor();
      await screenshot("tokens-drawer-mobile-zh", mobile.page);
      await mobile.page.keyboard.press("Escape");
      await setLanguage(mobile.page, "en");
      await mobile.page.getByTestId("token-table-row").first().waitFor();
      await screenshot("tokens-mobile-en", mobile.page);
    } finally {
      await mobile.ctx.close();
    }
  } finally {
    await upstream.close();
  }
}
