import "server-only";

// GET /api/status: what the console needs before login (branding, enabled features, sign-in
// providers). Public: it must never carry a secret.
import { env } from "@/lib/env";
import type { BoolOptionKey, NumOptionKey, StrOptionKey } from "@/lib/server/options/defaults";
import { getOptions } from "@/lib/server/options/store";
import { sanitizeUserHtml } from "@/lib/server/sanitize";
import { isSetupDone } from "@/lib/server/setup-done";

const g = globalThis as unknown as { __gatewayStartTime?: number };
g.__gatewayStartTime ??= Math.floor(Date.now() / 1000);

/**
 * The Chats option as plain data: the console shell (a server component) hands it to client
 * components, which take plain objects only, so not parseJsonOption's prototype-less maps. Nothing
 * looks a key up in it (the links are listed), so a "__proto__" name is harmless here.
 */
function chatLinks(value: string): unknown[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export async function getStatus() {
  const o = await getOptions();
  const s = (k: StrOptionKey) => o.str(k);
  const b = (k: BoolOptionKey) => o.bool(k);
  const n = (k: NumOptionKey) => o.num(k);
  return {
    system_name: s("SystemName"),
    logo: s("Logo"),
    footer_html: sanitizeUserHtml(s("Footer")),
    server_address: s("ServerAddress"),
    quota_per_unit: n("QuotaPerUnit"),
    display_in_currency: b("DisplayInCurrencyEnabled"),
    quota_display_type: s("general_setting.quota_display_type"),
    enable_drawing: b("DrawingEnabled"),
    enable_task: b("TaskEnabled"),
    enable_data_export: b("DataExportEnabled"),
    data_export_default_time: s("DataExportDefaultTime"),
    default_collapse_sidebar: b("DefaultCollapseSidebar"),
    chats: chatLinks(o.text("Chats")),
    mj_notify_enabled: b("MjNotifyEnabled"),
    docs_link: s("general_setting.docs_link"),
    chat_link: s("ChatLink"),
    chat_link2: s("ChatLink2"),
    aff_enabled: b("AffEnabled"),
    check_in_enabled: b("CheckInEnabled"),
    // new-api's names for what new-api consoles read (same values as ours above)
    checkin_enabled: b("CheckInEnabled"),
    price: n("Price"),
    // new-api consoles offer the passkey login only when this is true; passkeys are always on here
    passkey_login: true,
    turnstile_check: b("TurnstileCheckEnabled"),
    turnstile_site_key: s("TurnstileSiteKey"),
    email_verification: b("EmailVerificationEnabled"),
    register_enabled: b("RegisterEnabled"),
    password_login_enabled: b("PasswordLoginEnabled"),
    password_register_enabled: b("PasswordRegisterEnabled"),
    github_oauth: b("GitHubOAuthEnabled"),
    github_client_id: s("GitHubClientId"),
    oidc_enabled: b("oidc.enabled"),
    oidc_client_id: s("oidc.client_id"),
    oidc_authorization_endpoint: s("oidc.authorization_endpoint"),
    wechat_login: b("WeChatAuthEnabled"),
    wechat_qrcode: s("WeChatAccountQRCodeImageURL"),
    telegram_oauth: b("TelegramOAuthEnabled"),
    telegram_bot_name: s("TelegramBotName"),
    linuxdo_oauth: b("LinuxDOOAuthEnabled"),
    linuxdo_client_id: s("LinuxDOClientId"),
    linuxdo_minimum_trust_level: n("LinuxDOMinimumTrustLevel"),
    top_up_link: s("TopUpLink"),
    // the tokens page warns users that admins can read their conversations
    log_chat_content_enabled: b("LogChatContentEnabled"),
    self_use_mode_enabled: b("SelfUseModeEnabled"),
    demo_site_enabled: b("DemoSiteEnabled"),
    setup: await isSetupDone(),
    version: env().VERSION,
    start_time: g.__gatewayStartTime,
  };
}

export type StatusData = Awaited<ReturnType<typeof getStatus>>;
