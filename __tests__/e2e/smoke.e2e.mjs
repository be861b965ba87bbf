// Smoke: a fresh instance serves the API and the console. (The redirect of / to /setup on a fresh
// instance belongs to proxy.ts; its spec is added with that work.)
import assert from "node:assert/strict";

export async function run({ browser, baseUrl, screenshot }) {
  const context = await browser.newContext({ locale: "zh-CN" });
  try {
    const page = await context.newPage();

    const setup = await page.request.get(`${baseUrl}/api/setup`);
    assert.equal(setup.status(), 200);
    const body = await setup.json();
    assert.equal(body.success, true);
    assert.equal(body.data.status, false, "a fresh instance must not be set up");
    assert.equal(body.data.root_init, false);
    assert.equal(body.data.database_type, "sqlite");

    const unknownApi = await page.request.get(`${baseUrl}/api/no-such-endpoint`);
    assert.equal(unknownApi.status(), 404);
    assert.equal((await unknownApi.json()).success, false);

    const response = await page.goto(`${baseUrl}/no-such-page`);
    assert.ok(response, "navigation produced no response");
    assert.equal(response.status(), 404);
    await screenshot("not-found", page);
  } finally {
    await context.close();
  }
}
