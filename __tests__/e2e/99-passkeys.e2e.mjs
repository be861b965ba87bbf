// Passkeys (issue 40) through Chromium's virtual authenticator (DevTools protocol WebAuthn domain):
// a user adds a passkey from personal settings (zh), then signs in with it, no name typed (en).
// WebAuthn wants a domain as RP ID, so ServerAddress is set to http://localhost:<port> and the
// browser uses that address.
import assert from "node:assert/strict";
import { apiAs, loggedInContext, ROOT } from "./support.mjs";

export const needs = "root";

const stamp = String(Date.now()).slice(-6);
const CAROL = { username: `pk${stamp}`, password: "pkpass-one-1" };

async function withAuthenticator(ctx, page) {
  const cdp = await ctx.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

export async function run({ browser, baseUrl, screenshot }) {
  const site = baseUrl.replace("127.0.0.1", "localhost");
  const { ctx: rootCtx, page: root } = await loggedInContext(browser, baseUrl, ROOT, { path: "/api/status" });
  try {
    const made = await apiAs(root, "POST", "/api/user/", { ...CAROL, display_name: CAROL.username });
    assert.ok(made.success, made.message);
    const option = await apiAs(root, "PUT", "/api/option/", { key: "ServerAddress", value: site });
    assert.ok(option.success, option.message);
  } finally {
    await rootCtx.close();
  }

  const ctx = await browser.newContext({ locale: "zh-CN", viewport: { width: 1280, height: 860 } });
  try {
    await ctx.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: site }]);
    const page = await ctx.newPage();
    const { cdp, authenticatorId } = await withAuthenticator(ctx, page);
    await page.goto(`${site}/login`);
    await page.getByTestId("login-username").fill(CAROL.username);
    await page.getByTestId("login-password").fill(CAROL.password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });

    await page.goto(`${site}/app/me`);
    await page.getByTestId("passkeys-card").getByText("通行密钥（Passkey）").waitFor();
    await page.getByTestId("passkey-add").click();
    await page.getByTestId("passkey-row").first().waitFor();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.equal(credentials.length, 1);
    assert.equal(credentials[0].rpId, "localhost");
    await screenshot("passkey-added-zh", page);

    // signed out, in English: the passkey alone signs in
    await ctx.clearCookies();
    await ctx.addCookies([{ name: "NEXT_LOCALE", value: "en", url: site }]);
    await page.goto(`${site}/login`);
    const button = page.getByTestId("login-passkey");
    await button.getByText("Sign in with a passkey").waitFor();
    await screenshot("passkey-login-en", page);
    await button.click();
    await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
    const self = await apiAs(page, "GET", "/api/user/self");
    assert.equal(self.data.username, CAROL.username);
    const after = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    assert.ok(after.credentials[0].signCount >= 1, "the authenticator counted the assertion");
  } finally {
    await ctx.close();
  }
}
