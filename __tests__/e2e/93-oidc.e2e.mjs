// OIDC sign-in in a real browser against a real OpenID Connect provider (oidc-provider, started in
// this process). Root fills the OIDC section of /admin/settings (the Well-Known fetch fills the
// endpoints), saves, and enables it. A visitor clicks the OIDC button on /login, signs in on the
// provider's pages and lands on /app/tokens as a new oidc_{n} user (the provider login is too long
// to be a username). Alice binds a provider account from /app/me and sees it bound. A forged
// callback shows its error, the operation-failed notice, then goes to /login. zh/en × desktop/mobile
// screenshots of /login with the provider buttons, the /oauth/oidc spinner and /app/me bindings.
import assert from "node:assert/strict";
import { startOidcIdp } from "../../test-support/oidc-idp.mjs";
import { ALICE, API_ONLY, apiAs, loggedInContext, ROOT, setLanguage } from "./support.mjs";
import { VIEWS } from "./support-admin.mjs";

const stamp = String(Date.now()).slice(-6);
const VISITOR_LOGIN = `visitor-with-a-long-name-${stamp}`; // > 20 characters: becomes oidc_{n}
const ALICE_LOGIN = `alice-idp-${stamp}`;
const CLIENT = { client_id: "e2e-gateway", client_secret: "e2e-gateway-secret" };

const toast = (page, text) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
const variantName = (locale, width) => `${width === 375 ? "mobile" : "desktop"}-${locale}`;

async function setOption(page, key, value) {
  const res = await apiAs(page, "PUT", "/api/option/", { key, value });
  assert.ok(res.success, `${key}: ${res.message}`);
}

/** The provider's development pages: any login name, any password, then the consent button. */
async function signInAtProvider(page, issuer, login) {
  await page.waitForURL((u) => u.href.startsWith(issuer), { timeout: 15_000 });
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any-password");
  await page.locator('button[type="submit"]').click();
  await page.locator('input[name="prompt"][value="consent"]').waitFor({ state: "attached", timeout: 15_000 });
  await page.locator('button[type="submit"]').click();
}

async function configureOidc(browser, baseUrl, idp, screenshot) {
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: "/admin/settings?tab=system" });
  try {
    const { page } = root;
    const section = page.getByTestId("settings-section-oidc");
    await section.waitFor();
    await page.getByTestId("opt-oidc_client_id").fill(CLIENT.client_id);
    await page.getByTestId("opt-oidc_client_secret").fill(CLIENT.client_secret);
    // A Well-Known URL that is not http(s) is refused before any request
    await page.getByTestId("opt-oidc_well_known").fill("idp.example/.well-known/openid-configuration");
    await page.getByTestId("settings-oidc-discover").click();
    await toast(page, "Well-Known URL 必须以 http:// 或 https:// 开头");
    await page.getByTestId("opt-oidc_well_known").fill(idp.wellKnown);
    await page.getByTestId("settings-oidc-discover").click();
    await toast(page, "已填入 OIDC 端点，请保存");
    assert.equal(await page.getByTestId("opt-oidc_authorization_endpoint").inputValue(), `${idp.issuer}/auth`);
    assert.equal(await page.getByTestId("opt-oidc_token_endpoint").inputValue(), `${idp.issuer}/token`);
    assert.equal(await page.getByTestId("opt-oidc_user_info_endpoint").inputValue(), `${idp.issuer}/me`);
    // the section alone (the whole settings page is 20-settings' subject)
    await section.screenshot({ path: await screenshot("settings-oidc-discovered", page) });
    await page.getByTestId("settings-save-oidc").click();
    await toast(page, "保存成功");
    await page.getByTestId("opt-oidc_enabled").click();
    await page.getByTestId("settings-save-oidc").click();
    await page.waitForFunction(async () => (await (await fetch("/api/status")).json()).data.oidc_enabled === true);
    // The other two providers' buttons, for the login screenshots (fake client ids; never used).
    for (const [key, value] of [
      ["GitHubClientId", "e2e-github-client"],
      ["GitHubClientSecret", "e2e-github-secret"],
      ["GitHubOAuthEnabled", "true"],
      ["LinuxDOClientId", "e2e-linuxdo-client"],
      ["LinuxDOClientSecret", "e2e-linuxdo-secret"],
      ["LinuxDOOAuthEnabled", "true"],
    ])
      await setOption(page, key, value);
  } finally {
    await root.ctx.close();
  }
}

async function resetProviders(browser, baseUrl) {
  const root = await loggedInContext(browser, baseUrl, ROOT, { path: API_ONLY });
  try {
    for (const key of ["oidc.enabled", "GitHubOAuthEnabled", "LinuxDOOAuthEnabled"])
      await setOption(root.page, key, "false");
  } finally {
    await root.ctx.close();
  }
}

async function visitorSignsIn(browser, baseUrl, idp, screenshot) {
  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId("oauth-login-oidc").click();
    await signInAtProvider(page, idp.issuer, VISITOR_LOGIN);
    // (登录成功！ is toasted on the callback page, just before the full navigation)
    await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 20_000 });
    const self = await apiAs(page, "GET", "/api/user/self");
    assert.ok(self.success, self.message);
    assert.match(self.data.username, /^oidc_\d+$/);
    assert.equal(self.data.oidc_id, VISITOR_LOGIN);
    assert.equal(self.data.email, `${VISITOR_LOGIN}@idp.example`);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("user") || "null"));
    assert.equal(stored?.username, self.data.username);
    await screenshot("visitor-signed-in", page);
  } finally {
    await ctx.close();
  }
}

async function aliceBinds(browser, baseUrl, idp, screenshot) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE, { path: "/app/me" });
  try {
    const row = page.getByTestId("me-binding_oidc");
    await row.getByTestId("me-bind-oidc").waitFor();
    await screenshot("me-before-bind-desktop-zh", page);
    await row.getByTestId("me-bind-oidc").click();
    await signInAtProvider(page, idp.issuer, ALICE_LOGIN);
    // an ordinary user cannot open /admin/settings: the bind lands on /app/me
    await page.waitForURL((u) => new URL(u).pathname === "/app/me", { timeout: 20_000 });
    await row.filter({ hasText: ALICE_LOGIN }).waitFor();
    assert.equal(await row.getByTestId("me-bind-oidc").count(), 0);
    const self = await apiAs(page, "GET", "/api/user/self");
    assert.equal(self.data.username, ALICE.username);
    assert.equal(self.data.oidc_id, ALICE_LOGIN);
  } finally {
    await ctx.close();
  }
}

/** The callback page while its API call is held back, then the failure of a forged callback. */
async function callbackPage(browser, baseUrl, screenshot, locale, width, height) {
  const ctx = await browser.newContext({ locale: locale === "zh" ? "zh-CN" : "en-US", viewport: { width, height } });
  try {
    const page = await ctx.newPage();
    await page.goto(`${baseUrl}/login`);
    await setLanguage(page, locale);
    await page.getByTestId("oauth-login-buttons").waitFor();
    for (const p of ["github", "oidc", "linuxdo"]) await page.getByTestId(`oauth-login-${p}`).waitFor();
    await screenshot(`login-${variantName(locale, width)}`, page);

    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route("**/api/oauth/oidc?**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseUrl}/oauth/oidc?code=forged&state=forged-state`);
    await page
      .getByTestId("oauth-callback-prompt")
      .filter({ hasText: locale === "zh" ? "处理中..." : "Processing..." })
      .waitFor();
    await screenshot(`callback-spinner-${variantName(locale, width)}`, page);
    release();
    const failed = locale === "zh" ? "操作失败，正在重定向..." : "The operation failed, redirecting...";
    await page.getByTestId("oauth-callback-prompt").filter({ hasText: failed }).waitFor();
    await toast(page, locale === "zh" ? "state 参数为空或不匹配" : "The state is missing or does not match");
    await screenshot(`callback-failed-${variantName(locale, width)}`, page);
    await page.waitForURL((u) => new URL(u).pathname === "/login", { timeout: 10_000 });
  } finally {
    await ctx.close();
  }
}

async function bindingsScreenshots(browser, baseUrl, screenshot, locale, width, height) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, ALICE, {
    width,
    height,
    language: locale,
    path: "/app/me",
  });
  try {
    await page.getByTestId("me-binding_oidc").filter({ hasText: ALICE_LOGIN }).waitFor();
    await page.getByTestId("me-bind-github").waitFor();
    await screenshot(`me-bindings-${variantName(locale, width)}`, page);
  } finally {
    await ctx.close();
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  const idp = await startOidcIdp({
    clients: [{ ...CLIENT, redirect_uris: [`${baseUrl}/oauth/oidc`] }],
  });
  try {
    await configureOidc(browser, baseUrl, idp, screenshot);
    await visitorSignsIn(browser, baseUrl, idp, screenshot);
    await aliceBinds(browser, baseUrl, idp, screenshot);
    for (const [locale, width, height] of VIEWS) {
      await callbackPage(browser, baseUrl, screenshot, locale, width, height);
      await bindingsScreenshots(browser, baseUrl, screenshot, locale, width, height);
    }
  } finally {
    await resetProviders(browser, baseUrl).catch(() => undefined);
    await idp.close();
  }
}
