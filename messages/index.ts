// Message catalogues, one JSON file per namespace and locale: shared ones here, a capability's own in
// modules/<capability>/i18n/{zh,en}/. zh and en must have the same keys
// (__tests__/unit/messages.test.ts checks it). Add a namespace by adding both files and a line here.
// The "server" namespace (texts of /api answers) is assembled from server.json and server-<area>.json.
// A console text that is the same as a server text (a form refuses what its route refuses, a toast
// repeats the route's success) is written once, in the server namespace: the console entry holds
// "@server.<key>" and linkServerTexts fills it in (__tests__/unit/messages.test.ts refuses copies).
import enAdminMessages from "../modules/messages/i18n/en/admin_messages.json";
import enAuth from "../modules/auth/i18n/en/auth.json";
import enChannels from "../modules/channels/i18n/en/channels.json";
import enCommon from "./en/common.json";
import enRedemptions from "../modules/redemptions/i18n/en/redemptions.json";
import enDashboard from "../modules/logs/i18n/en/dashboard.json";
import enErrors from "./en/errors.json";
import enHome from "../modules/content/i18n/en/home.json";
import enImAuth from "../modules/auth/i18n/en/im_auth.json";
import enLogs from "../modules/logs/i18n/en/logs.json";
import enMailAuth from "../modules/auth/i18n/en/mail_auth.json";
import enMe from "../modules/profile/i18n/en/me.json";
import enNotify from "../modules/profile/i18n/en/notify.json";
import enOauth from "../modules/auth/i18n/en/oauth.json";
import enPlayground from "../modules/playground/i18n/en/playground.json";
import enPricing from "../modules/pricing/i18n/en/pricing.json";
import enServerAdminMessages from "../modules/messages/i18n/en/server-admin_messages.json";
import enServerChannels from "../modules/channels/i18n/en/server-channels.json";
import enServerRedemptions from "../modules/redemptions/i18n/en/server-redemptions.json";
import enServerDashboard from "../modules/logs/i18n/en/server-dashboard.json";
import enServerImAuth from "../modules/auth/i18n/en/server-im_auth.json";
import enServerMailAuth from "../modules/auth/i18n/en/server-mail_auth.json";
import enServerMe from "../modules/profile/i18n/en/server-me.json";
import enServerNotify from "../modules/profile/i18n/en/server-notify.json";
import enServerOauth from "../modules/auth/i18n/en/server-oauth.json";
import enServerPlayground from "../modules/playground/i18n/en/server-playground.json";
import enServerSettings from "../modules/settings/i18n/en/server-settings.json";
import enServerTasks from "../modules/logs/i18n/en/server-tasks.json";
import enServerWallet from "../modules/wallet/i18n/en/server-wallet.json";
import enServerSubscriptions from "../modules/subscriptions/i18n/en/server-subscriptions.json";
import enSubscriptions from "../modules/subscriptions/i18n/en/subscriptions.json";
import enServerUsers from "../modules/users/i18n/en/server-users.json";
import enServerSecurity from "../modules/security/i18n/en/server-security.json";
import enSecurity from "../modules/security/i18n/en/security.json";
import enServer from "./en/server.json";
import enSettings from "../modules/settings/i18n/en/settings.json";
import enShell from "./en/shell.json";
import enTasks from "../modules/logs/i18n/en/tasks.json";
import enTokens from "../modules/tokens/i18n/en/tokens.json";
import enWallet from "../modules/wallet/i18n/en/wallet.json";
import enUsers from "../modules/users/i18n/en/users.json";
import zhAdminMessages from "../modules/messages/i18n/zh/admin_messages.json";
import zhAuth from "../modules/auth/i18n/zh/auth.json";
import zhChannels from "../modules/channels/i18n/zh/channels.json";
import zhCommon from "./zh/common.json";
import zhRedemptions from "../modules/redemptions/i18n/zh/redemptions.json";
import zhDashboard from "../modules/logs/i18n/zh/dashboard.json";
import zhErrors from "./zh/errors.json";
import zhHome from "../modules/content/i18n/zh/home.json";
import zhImAuth from "../modules/auth/i18n/zh/im_auth.json";
import zhLogs from "../modules/logs/i18n/zh/logs.json";
import zhMailAuth from "../modules/auth/i18n/zh/mail_auth.json";
import zhMe from "../modules/profile/i18n/zh/me.json";
import zhNotify from "../modules/profile/i18n/zh/notify.json";
import zhOauth from "../modules/auth/i18n/zh/oauth.json";
import zhPlayground from "../modules/playground/i18n/zh/playground.json";
import zhPricing from "../modules/pricing/i18n/zh/pricing.json";
import zhServerAdminMessages from "../modules/messages/i18n/zh/server-admin_messages.json";
import zhServerChannels from "../modules/channels/i18n/zh/server-channels.json";
import zhServerRedemptions from "../modules/redemptions/i18n/zh/server-redemptions.json";
import zhServerDashboard from "../modules/logs/i18n/zh/server-dashboard.json";
import zhServerImAuth from "../modules/auth/i18n/zh/server-im_auth.json";
import zhServerMailAuth from "../modules/auth/i18n/zh/server-mail_auth.json";
import zhServerMe from "../modules/profile/i18n/zh/server-me.json";
import zhServerNotify from "../modules/profile/i18n/zh/server-notify.json";
import zhServerOauth from "../modules/auth/i18n/zh/server-oauth.json";
import zhServerPlayground from "../modules/playground/i18n/zh/server-playground.json";
import zhServerSettings from "../modules/settings/i18n/zh/server-settings.json";
import zhServerTasks from "../modules/logs/i18n/zh/server-tasks.json";
import zhServerWallet from "../modules/wallet/i18n/zh/server-wallet.json";
import zhServerSubscriptions from "../modules/subscriptions/i18n/zh/server-subscriptions.json";
import zhSubscriptions from "../modules/subscriptions/i18n/zh/subscriptions.json";
import zhServerUsers from "../modules/users/i18n/zh/server-users.json";
import zhServerSecurity from "../modules/security/i18n/zh/server-security.json";
import zhSecurity from "../modules/security/i18n/zh/security.json";
import zhServer from "./zh/server.json";
import zhSettings from "../modules/settings/i18n/zh/settings.json";
import zhShell from "./zh/shell.json";
import zhTasks from "../modules/logs/i18n/zh/tasks.json";
import zhTokens from "../modules/tokens/i18n/zh/tokens.json";
import zhWallet from "../modules/wallet/i18n/zh/wallet.json";
import zhUsers from "../modules/users/i18n/zh/users.json";

const SERVER_REF = "@server.";

/** The catalogue with every "@server.<key>" entry replaced by that server text (a missing key throws). */
function linkServerTexts<T extends { server: Record<string, string> }>(catalogue: T): T {
  const fill = (value: unknown): unknown => {
    if (typeof value === "string" && value.startsWith(SERVER_REF)) {
      const text = catalogue.server[value.slice(SERVER_REF.length)];
      if (text === undefined) throw new Error(`messages: no server text ${value}`);
      return text;
    }
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fill(inner)]));
    return value;
  };
  return fill(catalogue) as T;
}

/** The catalogues as written, links unresolved (the duplicate check reads these). */
export const writtenCatalogues = {
  en: {
    admin_messages: enAdminMessages,
    auth: enAuth,
    channels: enChannels,
    common: enCommon,
    redemptions: enRedemptions,
    errors: enErrors,
    home: enHome,
    logs: enLogs,
    pricing: enPricing,
    // server texts are split per console area to keep files small; the keys share one namespace
    server: {
      ...enServer,
      ...enServerAdminMessages,
      ...enServerChannels,
      ...enServerRedemptions,
      ...enServerSettings,
      ...enServerUsers,
      ...enServerMailAuth,
      ...enServerOauth,
      ...enServerImAuth,
      ...enServerDashboard,
      ...enServerMe,
      ...enServerNotify,
      ...enServerPlayground,
      ...enServerTasks,
      ...enServerWallet,
      ...enServerSecurity,
      ...enServerSubscriptions,
    },
    settings: enSettings,
    shell: enShell,
    tokens: enTokens,
    users: enUsers,
    mail_auth: enMailAuth,
    oauth: enOauth,
    im_auth: enImAuth,
    dashboard: enDashboard,
    me: enMe,
    notify: enNotify,
    playground: enPlayground,
    tasks: enTasks,
    wallet: enWallet,
    security: enSecurity,
    subscriptions: enSubscriptions,
  },
  zh: {
    admin_messages: zhAdminMessages,
    auth: zhAuth,
    channels: zhChannels,
    common: zhCommon,
    redemptions: zhRedemptions,
    errors: zhErrors,
    home: zhHome,
    logs: zhLogs,
    pricing: zhPricing,
    // server texts are split per console area to keep files small; the keys share one namespace
    server: {
      ...zhServer,
      ...zhServerAdminMessages,
      ...zhServerChannels,
      ...zhServerRedemptions,
      ...zhServerSettings,
      ...zhServerUsers,
      ...zhServerMailAuth,
      ...zhServerOauth,
      ...zhServerImAuth,
      ...zhServerDashboard,
      ...zhServerMe,
      ...zhServerNotify,
      ...zhServerPlayground,
      ...zhServerTasks,
      ...zhServerWallet,
      ...zhServerSecurity,
      ...zhServerSubscriptions,
    },
    settings: zhSettings,
    shell: zhShell,
    tokens: zhTokens,
    users: zhUsers,
    mail_auth: zhMailAuth,
    oauth: zhOauth,
    im_auth: zhImAuth,
    dashboard: zhDashboard,
    me: zhMe,
    notify: zhNotify,
    playground: zhPlayground,
    tasks: zhTasks,
    wallet: zhWallet,
    security: zhSecurity,
    subscriptions: zhSubscriptions,
  },
};

export const catalogues: typeof writtenCatalogues = {
  en: linkServerTexts(writtenCatalogues.en),
  zh: linkServerTexts(writtenCatalogues.zh),
};

export type Messages = (typeof catalogues)["en"];
