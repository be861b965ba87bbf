// Shared steps for the browser specs. Not a spec itself (run.mjs only loads *.e2e.mjs).
import { tsImport } from "tsx/esm/api";

export const ROOT = { username: "root", password: "rootpassword" };
export const ALICE = { username: "alice", password: "alicepass1" };

/** A browser context (zh unless told otherwise) logged in through the login form. */
export async function loggedInContext(browser, baseUrl, account = ROOT, options = {}) {
  const { locale = "zh-CN", width = 1280, height = 860 } = options;
  const ctx = await browser.newContext({ locale, viewport: { width, height } });
  const page = await ctx.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId("login-username").fill(account.username);
  await page.getByTestId("login-password").fill(account.password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
  return { ctx, page };
}

/** Switches the UI language through the cookie the language menu sets, then reloads. */
export async function setLanguage(page, locale) {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: url.origin }]);
  await page.reload();
}

/**
 * Calls the console API as the browser's logged-in user (cookie + New-Api-User from local storage),
 * for test set-up that is not itself under test.
 */
export async function apiAs(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const stored = JSON.parse(localStorage.getItem("user") || "null");
      const res = await fetch(path, {
        method,
        headers: { "Content-Type": "application/json", ...(stored ? { "New-Api-User": String(stored.id) } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res.json();
    },
    { method, path, body },
  );
}

/** The loopback mock upstream of the relay tests (__tests__/relay/mock-upstream.ts), loaded through tsx. */
export async function startMockUpstream() {
  const mod = await tsImport("../relay/mock-upstream.ts", import.meta.url);
  return mod.startMockUpstream();
}
