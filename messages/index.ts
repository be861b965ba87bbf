// Message catalogues, one JSON file per namespace and locale. zh and en must have the same keys
// (__tests__/unit/messages.test.ts checks it). Add a namespace by adding both files and a line here.
// The "server" namespace (texts of /api answers) is assembled from server.json and server-<area>.json.
import enAdminMessages from "./en/admin_messages.json";
import enAuth from "./en/auth.json";
import enChannels from "./en/channels.json";
import enCommon from "./en/common.json";
import enCoupons from "./en/coupons.json";
import enErrors from "./en/errors.json";
import enHome from "./en/home.json";
import enLogs from "./en/logs.json";
import enPricing from "./en/pricing.json";
import enServer from "./en/server.json";
import enServerAdminMessages from "./en/server-admin_messages.json";
import enServerChannels from "./en/server-channels.json";
import enServerCoupons from "./en/server-coupons.json";
import enServerSettings from "./en/server-settings.json";
import enServerUsers from "./en/server-users.json";
import enSettings from "./en/settings.json";
import enShell from "./en/shell.json";
import enTokens from "./en/tokens.json";
import enUsers from "./en/users.json";
import zhAdminMessages from "./zh/admin_messages.json";
import zhAuth from "./zh/auth.json";
import zhChannels from "./zh/channels.json";
import zhCommon from "./zh/common.json";
import zhCoupons from "./zh/coupons.json";
import zhErrors from "./zh/errors.json";
import zhHome from "./zh/home.json";
import zhLogs from "./zh/logs.json";
import zhPricing from "./zh/pricing.json";
import zhServer from "./zh/server.json";
import zhServerAdminMessages from "./zh/server-admin_messages.json";
import zhServerChannels from "./zh/server-channels.json";
import zhServerCoupons from "./zh/server-coupons.json";
import zhServerSettings from "./zh/server-settings.json";
import zhServerUsers from "./zh/server-users.json";
import zhSettings from "./zh/settings.json";
import zhShell from "./zh/shell.json";
import zhTokens from "./zh/tokens.json";
import zhUsers from "./zh/users.json";

export const catalogues = {
  en: {
    admin_messages: enAdminMessages,
    auth: enAuth,
    channels: enChannels,
    common: enCommon,
    coupons: enCoupons,
    errors: enErrors,
    home: enHome,
    logs: enLogs,
    pricing: enPricing,
    // server texts are split per console area to keep files small; the keys share one namespace
    server: {
      ...enServer,
      ...enServerAdminMessages,
      ...enServerChannels,
      ...enServerCoupons,
      ...enServerSettings,
      ...enServerUsers,
    },
    settings: enSettings,
    shell: enShell,
    tokens: enTokens,
    users: enUsers,
  },
  zh: {
    admin_messages: zhAdminMessages,
    auth: zhAuth,
    channels: zhChannels,
    common: zhCommon,
    coupons: zhCoupons,
    errors: zhErrors,
    home: zhHome,
    logs: zhLogs,
    pricing: zhPricing,
    // server texts are split per console area to keep files small; the keys share one namespace
    server: {
      ...zhServer,
      ...zhServerAdminMessages,
      ...zhServerChannels,
      ...zhServerCoupons,
      ...zhServerSettings,
      ...zhServerUsers,
    },
    settings: zhSettings,
    shell: zhShell,
    tokens: zhTokens,
    users: zhUsers,
  },
};

export type Messages = (typeof catalogues)["en"];
