"use client";

// System tab: site identity, login and registration (turning password
// login off asks first), OAuth providers, SMTP, Turnstile, WeChat, Telegram, display switches and
// the Chats list. Secret fields are write-only (root only).
import type { FieldSpec } from "@/modules/settings/components/option-fields";
import { UpdateCheck } from "@/modules/settings/components/update-check";
import { OidcDiscoveryButton } from "@/modules/settings/components/oidc-discovery-button";
import { OptionSection } from "@/modules/settings/components/option-section";

const SITE: FieldSpec[] = [
  { key: "SystemName", kind: "text" },
  { key: "Logo", kind: "text", placeholder: "https://", hint: true },
  { key: "ServerAddress", kind: "text", placeholder: "https://", hint: true, wide: true },
];
const LOGIN: FieldSpec[] = [
  { key: "PasswordLoginEnabled", kind: "bool", confirmOff: true },
  { key: "PasswordRegisterEnabled", kind: "bool" },
  { key: "RegisterEnabled", kind: "bool" },
  { key: "EmailVerificationEnabled", kind: "bool" },
  { key: "EmailDomainRestrictionEnabled", kind: "bool" },
  { key: "EmailAliasRestrictionEnabled", kind: "bool" },
  { key: "EmailDomainWhitelist", kind: "textarea", rows: 2, hint: true },
];
const GITHUB: FieldSpec[] = [
  { key: "GitHubOAuthEnabled", kind: "bool", wide: true },
  { key: "GitHubClientId", kind: "text" },
  { key: "GitHubClientSecret", kind: "secret" },
];
const LINUXDO: FieldSpec[] = [
  { key: "LinuxDOOAuthEnabled", kind: "bool", wide: true },
  { key: "LinuxDOClientId", kind: "text" },
  { key: "LinuxDOClientSecret", kind: "secret" },
  { key: "LinuxDOMinimumTrustLevel", kind: "number", min: 0, max: 4, step: 1 },
];
const OIDC: FieldSpec[] = [
  { key: "oidc.enabled", kind: "bool", wide: true },
  { key: "oidc.client_id", kind: "text" },
  { key: "oidc.client_secret", kind: "secret" },
  { key: "oidc.well_known", kind: "text", placeholder: "https://", wide: true },
  { key: "oidc.authorization_endpoint", kind: "text", placeholder: "https://" },
  { key: "oidc.token_endpoint", kind: "text", placeholder: "https://" },
  { key: "oidc.user_info_endpoint", kind: "text", placeholder: "https://" },
];
const SMTP: FieldSpec[] = [
  { key: "SMTPServer", kind: "text" },
  { key: "SMTPPort", kind: "number", min: 1, max: 65535, step: 1 },
  { key: "SMTPAccount", kind: "text" },
  { key: "SMTPFrom", kind: "text" },
  { key: "SMTPToken", kind: "secret" },
  { key: "SMTPSSLEnabled", kind: "bool" },
];
const TURNSTILE: FieldSpec[] = [
  { key: "TurnstileCheckEnabled", kind: "bool", wide: true },
  { key: "TurnstileSiteKey", kind: "text" },
  { key: "TurnstileSecretKey", kind: "secret" },
];
const WECHAT: FieldSpec[] = [
  { key: "WeChatAuthEnabled", kind: "bool", wide: true },
  { key: "WeChatServerAddress", kind: "text", placeholder: "https://" },
  { key: "WeChatServerToken", kind: "secret" },
  { key: "WeChatAccountQRCodeImageURL", kind: "text", placeholder: "https://", wide: true },
];
const TELEGRAM: FieldSpec[] = [
  { key: "TelegramOAuthEnabled", kind: "bool", wide: true },
  { key: "TelegramBotName", kind: "text" },
  { key: "TelegramBotToken", kind: "secret" },
];
const DISPLAY: FieldSpec[] = [
  { key: "DisplayInCurrencyEnabled", kind: "bool" },
  { key: "DisplayTokenStatEnabled", kind: "bool" },
  { key: "DefaultCollapseSidebar", kind: "bool" },
  { key: "TaskEnabled", kind: "bool" },
];
// Root only (not in the admin allow-list): the server fetches these addresses.
const SOURCES: FieldSpec[] = [
  { key: "UpdateCheckUrl", kind: "text", placeholder: "https://", hint: true, wide: true },
  { key: "PresetRatioBaseUrl", kind: "text", placeholder: "https://", hint: true, wide: true },
];
const CHATS: FieldSpec[] = [{ key: "Chats", kind: "json", rows: 8, hint: true }];

export function SystemTab() {
  return (
    <div className="flex flex-col gap-4">
      <OptionSection id="site" fields={SITE} />
      <OptionSection id="login" fields={LOGIN} />
      <OptionSection id="github" fields={GITHUB} />
      <OptionSection id="linuxdo" fields={LINUXDO} />
      <OptionSection id="oidc" fields={OIDC}>
        {(section) => <OidcDiscoveryButton section={section} />}
      </OptionSection>
      <OptionSection id="smtp" fields={SMTP} />
      <OptionSection id="turnstile" fields={TURNSTILE} />
      <OptionSection id="wechat" fields={WECHAT} />
      <OptionSection id="telegram" fields={TELEGRAM} />
      <OptionSection id="display" fields={DISPLAY} />
      <OptionSection id="chats" fields={CHATS} />
      <OptionSection id="sources" fields={SOURCES}>
        {() => <UpdateCheck auto={false} />}
      </OptionSection>
    </div>
  );
}
