// Security (issue 40): a user sets up two-factor sign-in from the QR screen of personal settings
// (the secret read from the page, the codes computed here as an authenticator app would), then signs
// in with the login screen's second step; in zh (alice) and in en (a second user). Root reads a
// channel's key back from the edit drawer after the secure verification (the password again).
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { ALICE, apiAs, loggedInContext, ROOT } from "./support.mjs";

const stamp = String(Date.now()).slice(-6);
const BOB = { username: `sec${stamp}`, password: "secpass-one-1" };

/** RFC 6238 (SHA-1, 6 digits, 30 s) over the base32 secret, `offset` steps from now. */
function totp(secret, offset = 0) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secret) bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac("sha1", key).update(counter).digest();
  const at = mac[19] & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** Polls until the clock is at least 3 s inside a 30 s step, so a computed code is still current when checked. */
async function awayFromStepEdge(page) {
  for (let i = 0; i < 100; i++) {
    const into = (Date.now() % 30_000) / 1000;
    if (into >= 1 && into <= 25) return;
    await page.waitForTimeout(100);
  }
}

async function setUpAndSignIn({ browser, baseUrl, screenshot }, account, language, texts) {
  const { ctx, page } = await loggedInContext(browser, baseUrl, account, { path: "/app/me", language });
  try {
    const section = page.getByTestId("security-section");
    await section.getByText(texts.section, { exact: true }).waitFor();
    await page.getByTestId("twofa-setup-open").click();
    await page.getByTestId("twofa-qr").waitFor();
    const secret = (await page.getByTestId("twofa-secret").textContent()).trim();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.equal(await page.getByTestId("backup-codes").locator("li").count(), 8);
    await screenshot(`security-setup-${language}`, page);
    await awayFromStepEdge(page);
    // keyboard only: type the first code and press Enter
    await page.locator("#twofa-setup-code").fill(totp(secret, -1));
    await page.keyboard.press("Enter");
    await page.getByTestId("twofa-state").getByText(texts.on).waitFor();
    await screenshot(`security-enabled-${language}`, page);

    // a fresh browser: password, then the second step
    const fresh = await browser.newContext({ locale: language === "en" ? "en-US" : "zh-CN" });
    try {
      await fresh.addCookies([{ name: "NEXT_LOCALE", value: language, url: baseUrl }]);
      const p = await fresh.newPage();
      await p.goto(`${baseUrl}/login`);
      await p.getByTestId("login-username").fill(account.username);
      await p.getByTestId("login-password").fill(account.password);
      await p.getByTestId("login-submit").click();
      await p.getByTestId("login-2fa").getByText(texts.secondStep).waitFor();
      await screenshot(`security-second-step-${language}`, p);
      await awayFromStepEdge(p);
      await p.locator("#login-2fa-code").fill(totp(secret, 0));
      await p.keyboard.press("Enter");
      await p.waitForURL((u) => new URL(u).pathname === "/app/tokens", { timeout: 15_000 });
      const self = await apiAs(p, "GET", "/api/user/self");
      assert.equal(self.data.username, account.username);
    } finally {
      await fresh.close();
    }
  } finally {
    await ctx.close();
  }
}

export async function run({ browser, baseUrl, screenshot }) {
  const { ctx: rootCtx, page: root } = await loggedInContext(browser, baseUrl, ROOT, { path: "/api/status" });
  try {
    const made = await apiAs(root, "POST", "/api/user/", { ...BOB, display_name: BOB.username });
    assert.ok(made.success, made.message);
    const channel = await apiAs(root, "POST", "/api/channel/", {
      name: `sec-${stamp}`,
      type: 1,
      key: "sk-e2e-read-back-1",
      models: "gpt-4o-mini",
      group: "default",
    });
    assert.ok(channel.success, channel.message);
    const id = channel.data.ids[0];

    // the key read-back: refused without verification, then through the drawer's dialog
    const refused = await apiAs(root, "POST", `/api/channel/${id}/key`);
    assert.equal(refused.code, "VERIFICATION_REQUIRED");
    await root.goto(`${baseUrl}/channel/edit/${id}`);
    await root.getByTestId("channel-key-show").click();
    await root.getByTestId("secure-verify-password").fill(ROOT.password);
    await root.keyboard.press("Enter");
    const plain = root.getByTestId("channel-key-plain");
    await plain.waitFor();
    assert.equal(await plain.inputValue(), "sk-e2e-read-back-1");
    await screenshot("security-channel-key-zh", root);
  } finally {
    await rootCtx.close();
  }

  await setUpAndSignIn({ browser, baseUrl, screenshot }, ALICE, "zh", {
    section: "安全",
    on: "已开启",
    secondStep: "两步验证",
  });
  await setUpAndSignIn({ browser, baseUrl, screenshot }, BOB, "en", {
    section: "Security",
    on: "On",
    secondStep: "Two-factor authentication",
  });
}
