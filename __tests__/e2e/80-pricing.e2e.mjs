// /pricing (public): visitors see priced models at the default group's ratio; the group filter
// applies another group's ratio; search and the dollars / quota-units switch.
import assert from "node:assert/strict";
import { API_ONLY, apiAs, loggedInContext, ROOT } from "./support.mjs";

const MODEL = "e2e-price-ratio";
const PER_CALL = "e2e-price-call";

async function prepare(browser, baseUrl) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  try {
    const ok = (r) => assert.equal(r.success, true, r.message);
    const options = await apiAs(page, "GET", "/api/option/");
    const get = (key) => JSON.parse(options.data.find((o) => o.key === key)?.value || "{}");
    ok(
      await apiAs(page, "PUT", "/api/option/", {
        key: "ModelRatio",
        value: JSON.stringify({ ...get("ModelRatio"), [MODEL]: 1.25 }),
      }),
    );
    ok(
      await apiAs(page, "PUT", "/api/option/", {
        key: "CompletionRatio",
        value: JSON.stringify({ ...get("CompletionRatio"), [MODEL]: 4 }),
      }),
    );
    ok(
      await apiAs(page, "PUT", "/api/option/", {
        key: "ModelPrice",
        value: JSON.stringify({ ...get("ModelPrice"), [PER_CALL]: 0.1 }),
      }),
    );
    ok(
      await apiAs(page, "PUT", "/api/option/", {
        key: "GroupRatio",
        value: JSON.stringify({ ...get("GroupRatio"), default: 1, vip: 0.5 }),
      }),
    );
    ok(
      await apiAs(page, "POST", "/api/channel/", {
        name: "e2e-pricing",
        type: 1,
        key: "sk-x",
        models: `${MODEL},${PER_CALL}`,
        group: "default,vip",
      }),
    );
  } finally {
    await ctx.close();
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  await prepare(browser, baseUrl);
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/pricing`);
    assert.equal(new URL(page.url()).pathname, "/pricing", "visitors are not sent to the login page");
    const row = page.getByTestId("pricing-table-row").filter({ hasText: MODEL });
    await row.waitFor();
    await row.getByText("输入 $2.5 / 1M tokens").waitFor();
    await row.getByText("输出 $10 / 1M tokens").waitFor();
    await page.getByTestId("pricing-table-row").filter({ hasText: PER_CALL }).getByText("$0.1 / 次").waitFor();
    await screenshot("pricing-visitor-zh", page);

    await page.getByTestId("pricing-group").click();
    await page.getByTestId("pricing-group-option-vip").click();
    await row.getByText("输入 $1.25 / 1M tokens").waitFor();

    await page.getByTestId("pricing-units").click();
    await row.getByText("输入 625000 / 1M tokens").waitFor();

    await page.getByTestId("pricing-search").fill("price-call");
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pricing-table-row"]').length === 1);
    await page.getByTestId("pricing-search").fill("no-such-model");
    await page.getByTestId("pricing-table-empty").waitFor();

    await ctx.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseUrl }]);
    await page.reload();
    await page.getByTestId("pricing-table-row").first().waitFor();
    await screenshot("pricing-visitor-en", page);
  } finally {
    await ctx.close();
  }
  const mobile = await browser.newContext({ locale: "zh-CN", viewport: { width: 375, height: 812 } });
  try {
    const page = await mobile.newPage();
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId("pricing-table-row").first().waitFor();
    await screenshot("pricing-mobile-zh", page);
    await mobile.addCookies([{ name: "NEXT_LOCALE", value: "en", url: baseUrl }]);
    await page.reload();
    await page.getByTestId("pricing-table-row").first().waitFor();
    await screenshot("pricing-mobile-en", page);
  } finally {
    await mobile.close();
  }
}
