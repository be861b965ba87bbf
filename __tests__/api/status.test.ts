// GET /api/status: every field of the status object, never a secret, sanitized footer.
import * as statusRoute from "@/app/api/status/route";
import { OPTION_DEFAULTS, isSecretOptionKey } from "@/lib/server/options/defaults";
import { call, setOptions, setupRoot, setupApiHarness } from "@/test-support/api/harness";

setupApiHarness();

// The status object the console reads (name, logo, footer, quota unit, feature switches, chats, ...),
// plus the fields the status call also gives.
const SPEC_FIELDS = [
  "system_name",
  "logo",
  "footer_html",
  "quota_per_unit",
  "display_in_currency",
  "enable_drawing",
  "enable_task",
  "enable_data_export",
  "chats",
  "data_export_default_time",
  "default_collapse_sidebar",
  "mj_notify_enabled",
  "docs_link",
  "chat_link",
  "chat_link2",
  "aff_enabled",
  "check_in_enabled",
  "turnstile_check",
  "turnstile_site_key",
  "email_verification",
  "github_oauth",
  "github_client_id",
  "oidc_enabled",
  "oidc_client_id",
  "oidc_authorization_endpoint",
  "wechat_login",
  "wechat_qrcode",
  "telegram_oauth",
  "telegram_bot_name",
  "linuxdo_oauth",
  "linuxdo_client_id",
  "version",
  "start_time",
  "setup",
  "self_use_mode_enabled",
  "demo_site_enabled",
];

type Status = Record<string, unknown>;

async function getStatus() {
  const res = await call<Status>(statusRoute, "GET", "/api/status");
  expect(res.status).toBe(200);
  expect(res.json.success).toBe(true);
  return res.json.data;
}

test("answers every status field of the spec with sensible types on a fresh instance", async () => {
  const data = await getStatus();
  for (const field of SPEC_FIELDS) expect(data).toHaveProperty([field]);
  expect(data.setup).toBe(false);
  expect(data.system_name).toBe("New API");
  expect(typeof data.quota_per_unit).toBe("number");
  expect(typeof data.start_time).toBe("number");
  expect(Array.isArray(data.chats)).toBe(true);
  // new-api's consoles show the passkey login only when told: passkeys are always on here (issue 41)
  expect(data.passkey_login).toBe(true);
  for (const flag of [
    "display_in_currency",
    "enable_drawing",
    "github_oauth",
    "self_use_mode_enabled",
    "demo_site_enabled",
  ]) {
    expect(typeof data[flag]).toBe("boolean");
  }
});

test("reflects setup and the usage modes", async () => {
  await setupRoot({ SelfUseModeEnabled: true, DemoSiteEnabled: true });
  const data = await getStatus();
  expect(data.setup).toBe(true);
  expect(data.self_use_mode_enabled).toBe(true);
  expect(data.demo_site_enabled).toBe(true);
});

test("never carries a secret option value", async () => {
  const secretKeys = Object.keys(OPTION_DEFAULTS).filter(isSecretOptionKey);
  // The ones the brief names explicitly must be among them.
  expect(secretKeys).toEqual(expect.arrayContaining(["GitHubClientSecret", "SMTPToken", "TurnstileSecretKey"]));
  const values = Object.fromEntries(secretKeys.map((k) => [k, `leak-${k.replace(/\W/g, "")}-7f3a9c`]));
  await setOptions({
    ...values,
    GitHubOAuthEnabled: "true",
    GitHubClientId: "public-client-id",
    TurnstileSiteKey: "public-site-key",
  });
  const data = await getStatus();
  const text = JSON.stringify(data);
  for (const value of Object.values(values)) expect(text).not.toContain(value);
  expect(text).not.toContain("7f3a9c");
  // Public counterparts still show.
  expect(data.github_client_id).toBe("public-client-id");
  expect(data.turnstile_site_key).toBe("public-site-key");
  expect(data.github_oauth).toBe(true);
});

test("footer HTML is sanitized", async () => {
  await setOptions({
    Footer:
      '<p class="f">Made with <a href="https://example.com">love</a></p><script>alert("x")</script><img src="https://example.com/a.png" onerror="alert(1)"><a href="javascript:alert(2)">bad</a>',
  });
  const footer = String((await getStatus()).footer_html);
  expect(footer).toContain('<p class="f">Made with');
  expect(footer).toContain('href="https://example.com"');
  expect(footer).toContain('src="https://example.com/a.png"');
  expect(footer).not.toMatch(/<script/i);
  expect(footer).not.toMatch(/onerror/i);
  expect(footer).not.toMatch(/javascript:/i);
  expect(footer).not.toContain("alert");
});

test("carries new-api's names for what new-api consoles read (checkin_enabled, price)", async () => {
  await setOptions({ CheckInEnabled: "true", Price: "6.5" });
  const on = await getStatus();
  expect(on).toMatchObject({ checkin_enabled: true, check_in_enabled: true, price: 6.5 });
  await setOptions({ CheckInEnabled: "false" });
  expect(await getStatus()).toMatchObject({ checkin_enabled: false, check_in_enabled: false });
});
