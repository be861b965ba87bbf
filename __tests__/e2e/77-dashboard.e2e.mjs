// /app/dashboard: relay calls by root and alice through the official openai SDK end up in the
// hourly aggregate (written after DataExportInterval, set to 1 minute here); root sees everyone's
// usage per model and per user with charts and legends, alice only her own; a self range over
// 30 days is refused; with data export off the page says so and the side nav hides it.
import assert from "node:assert/strict";
import OpenAI from "openai";
import { ALICE, API_ONLY, apiAs, loggedInContext, ROOT, setLanguage, startMockUpstream } from "./support.mjs";

const ROOT_MODEL = "e2e-dash-root";
const SHARED_MODEL = "e2e-dash-shared";
const ok = (r) => assert.equal(r.success, true, r.message);

async function setOption(page, key, value) {
  ok(await apiAs(page, "PUT", "/api/option/", { key, value: String(value) }));
}

async function prepare(page, upstreamUrl) {
  ok(
    await apiAs(page, "POST", "/api/channel/", {
      name: "e2e-dashboard",
      type: 1,
      key: "sk-up",
      base_url: upstreamUrl,
      models: `${ROOT_MODEL},${SHARED_MODEL}`,
      group: "default",
    }),
  );
  const options = await apiAs(page, "GET", "/api/option/");
  const value = (key) => options.data.find((o) => o.key === key)?.value;
  const ratios = JSON.parse(value("ModelRatio") || "{}");
  await setOption(page, "ModelRatio", JSON.stringify({ ...ratios, [ROOT_MODEL]: 500, [SHARED_MODEL]: 250 }));
  await setOption(page, "DataExportEnabled", "true");
  await setOption(page, "DataExportInterval", 1);
  const found = await apiAs(page, "GET", `/api/user/search?keyword=${ALICE.username}`);
  const alice = found.data.items.find((u) => u.username === ALICE.username);
  ok(await apiAs(page, "PUT", "/api/user/", { id: alice.id, quota: 100_000_000 }));
  return value("DataExportInterval") || "5";
}

async function callRelay(page, baseUrl, calls) {
  const token = await apiAs(page, "POST", "/api/token/", { name: "e2e-dash-token", unlimited_quota: true });
  ok(token);
  const client = new OpenAI({ apiKey: token.data.key, baseURL: `${baseUrl}/v1`, maxRetries: 0 });
  for (const [model, times] of calls)
    for (let i = 0; i < times; i++)
      await client.chat.completions.create({ model, messages: [{ role: "user", content: "hello" }] });
}

const sumOf = (rows, field, filter = () => true) => rows.filter(filter).reduce((s, r) => s + r[field], 0);

/** Polls the aggregate until the calls made here are written (DataExportInterval = 1 minute). */
async function waitForAggregate(page) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const now = Math.floor(Date.now() / 1000);
    const res = await apiAs(page, "GET", `/api/data/?start_timestamp=0&end_timestamp=${now}`);
    const count = (m) => sumOf(res.data ?? [], "count", (r) => r.model_name === m);
    if (count(ROOT_MODEL) >= 3 && count(SHARED_MODEL) >= 3) return;
    if (Date.now() > deadline) throw new Error(`usage not aggregated in time: ${JSON.stringify(res)}`);
    await page.waitForTimeout(500);
  }
}

const legendOf = async (page, chart) =>
  (await page.getByTestId(chart).locator(".recharts-legend-item-text").allInnerTexts()).map((s) => s.trim());
const cardNumber = async (page, id) => Number((await page.getByTestId(id).innerText()).replace(/[^\d.]/g, ""));

async function expectCharts(page) {
  await page.getByTestId("dashboard-charts").waitFor();
  for (const chart of ["dashboard-chart-quota", "dashboard-chart-requests", "dashboard-chart-tokens"])
    await page.getByTestId(chart).locator("svg.recharts-surface").first().waitFor();
  await page.getByTestId("dashboard-chart-share").locator("svg").first().waitFor();
}

async function noHorizontalScroll(page) {
  const [scroll, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page scrolls sideways: ${scroll} > ${width}`);
}

export async function run({ browser, baseUrl, screenshot }) {
  const upstream = await startMockUpstream();
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  let previousInterval = "5";
  try {
    previousInterval = await prepare(root.page, upstream.url);
    await callRelay(root.page, baseUrl, [
      [ROOT_MODEL, 3],
      [SHARED_MODEL, 1],
    ]);
    const alice = await loggedInContext(browser, baseUrl, ALICE, { path: API_ONLY });
    try {
      await callRelay(alice.page, baseUrl, [[SHARED_MODEL, 2]]);
    } finally {
      await alice.ctx.close();
    }
    await waitForAggregate(root.page);

    // root: everyone per model
    const page = root.page;
    await page.goto(`${baseUrl}/app/dashboard`);
    await page.locator('[data-testid="side-nav"] a[href="/app/dashboard"]').first().waitFor();
    await expectCharts(page);
    const legend = await legendOf(page, "dashboard-chart-quota");
    assert.ok(legend.includes(ROOT_MODEL) && legend.includes(SHARED_MODEL), `legend: ${legend}`);
    assert.deepEqual(await legendOf(page, "dashboard-chart-requests"), legend);
    const now = Math.floor(Date.now() / 1000);
    const all = (await apiAs(page, "GET", `/api/data/?start_timestamp=0&end_timestamp=${now}`)).data;
    assert.equal(await cardNumber(page, "dashboard-total-requests"), sumOf(all, "count"));
    assert.equal(
      await cardNumber(page, "dashboard-total-tokens"),
      sumOf(all, "token_used"),
      "tokens card = sum of token_used",
    );
    assert.match(await page.getByTestId("dashboard-total-quota").innerText(), /^\$\d+\.\d{2}$/);
    await page.getByTestId("dashboard-share-legend").getByText(ROOT_MODEL).waitFor();
    await screenshot("dashboard-root-zh", page);

    // regrouping by day keeps the totals
    await page.getByTestId("dashboard-granularity").click();
    await page.getByTestId("dashboard-granularity-option-day").click();
    await expectCharts(page);
    assert.equal(await cardNumber(page, "dashboard-total-requests"), sumOf(all, "count"));

    // one user's usage, then usage per user
    await page.getByTestId("dashboard-filter-username").fill(ALICE.username);
    await page.getByTestId("dashboard-query").click();
    await page.waitForFunction(
      (m) =>
        ![...document.querySelectorAll('[data-testid="dashboard-chart-quota"] .recharts-legend-item-text')].some(
          (e) => e.textContent?.trim() === m,
        ),
      ROOT_MODEL,
    );
    assert.ok((await legendOf(page, "dashboard-chart-quota")).includes(SHARED_MODEL));
    await page.getByTestId("dashboard-filter-username").fill("");
    await page.getByTestId("dashboard-view-users").click();
    await page.getByTestId("dashboard-query").click();
    await expectCharts(page);
    await page.waitForFunction(() => {
      const names = [...document.querySelectorAll('[data-testid="dashboard-chart-quota"] .recharts-legend-item-text')];
      return ["root", "alice"].every((u) => names.some((e) => e.textContent?.trim() === u));
    });
    await screenshot("dashboard-root-by-user-zh", page);

    await setLanguage(page, "en");
    await expectCharts(page);
    await page.getByText("Quota used · by model").waitFor();
    await screenshot("dashboard-root-en", page);

    // dark theme: series colours and axes come from the theme's variables
    await page.evaluate(() => localStorage.setItem("theme-mode", "dark"));
    await page.reload();
    await expectCharts(page);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains("dark")), true);
    await screenshot("dashboard-root-dark-en", page);
  } finally {
    await root.ctx.close().catch(() => undefined);
  }

  // alice: only her own usage
  const alice = await loggedInContext(browser, baseUrl, ALICE, { path: "/app/dashboard" });
  try {
    const page = alice.page;
    await expectCharts(page);
    assert.equal(await page.getByTestId("dashboard-view-all").count(), 0);
    assert.equal(await page.getByTestId("dashboard-filter-username").count(), 0);
    const legend = await legendOf(page, "dashboard-chart-quota");
    assert.ok(legend.includes(SHARED_MODEL) && !legend.includes(ROOT_MODEL), `alice's legend: ${legend}`);
    const now = Math.floor(Date.now() / 1000);
    const own = (await apiAs(page, "GET", `/api/data/self?start_timestamp=${now - 86400}&end_timestamp=${now}`)).data;
    assert.ok(own.every((r) => r.model_name !== ROOT_MODEL));
    assert.equal(await cardNumber(page, "dashboard-total-requests"), sumOf(own, "count"));
    await screenshot("dashboard-alice-zh", page);

    // a range over 30 days is refused by the server, with its message
    await page.getByTestId("dashboard-filter-start").fill("2020-01-01T00:00");
    await page.getByTestId("dashboard-query").click();
    await page.getByTestId("dashboard-error").getByText("时间跨度不能超过 1 个月").waitFor();
    await page.getByTestId("dashboard-reset").click();
    await expectCharts(page);
  } finally {
    await alice.ctx.close();
  }

  // mobile
  for (const [account, locale, name] of [
    [ROOT, "zh", "dashboard-mobile-root-zh"],
    [ALICE, "en", "dashboard-mobile-alice-en"],
  ]) {
    const m = await loggedInContext(browser, baseUrl, account, {
      width: 375,
      height: 812,
      language: locale,
      path: "/app/dashboard",
    });
    try {
      await expectCharts(m.page);
      await noHorizontalScroll(m.page);
      await screenshot(name, m.page);
    } finally {
      await m.ctx.close();
    }
  }

  // data export off: the page says so, the side nav hides the entry
  const admin = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  try {
    await setOption(admin.page, "DataExportEnabled", "false");
    await admin.page.goto(`${baseUrl}/app/dashboard`);
    await admin.page.getByTestId("dashboard-disabled").getByText("数据看板未启用").waitFor();
    assert.equal(await admin.page.locator('[data-testid="side-nav"] a[href="/app/dashboard"]').count(), 0);
    await screenshot("dashboard-disabled-zh", admin.page);
  } finally {
    await setOption(admin.page, "DataExportEnabled", "true").catch(() => undefined);
    await setOption(admin.page, "DataExportInterval", previousInterval).catch(() => undefined);
    await admin.ctx.close();
    await upstream.close();
  }
}
