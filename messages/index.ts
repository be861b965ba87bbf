// Message catalogues, one JSON file per namespace and locale. zh and en must have the same keys
// (__tests__/unit/messages.test.ts checks it). Add a namespace by adding both files and a line here.
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enHome from "./en/home.json";
import enServer from "./en/server.json";
import enShell from "./en/shell.json";
import enTokens from "./en/tokens.json";
import zhAuth from "./zh/auth.json";
import zhCommon from "./zh/common.json";
import zhErrors from "./zh/errors.json";
import zhHome from "./zh/home.json";
import zhServer from "./zh/server.json";
import zhShell from "./zh/shell.json";
import zhTokens from "./zh/tokens.json";

export const catalogues = {
  en: {
    auth: enAuth,
    common: enCommon,
    errors: enErrors,
    home: enHome,
    server: enServer,
    shell: enShell,
    tokens: enTokens,
  },
  zh: {
    auth: zhAuth,
    common: zhCommon,
    errors: zhErrors,
    home: zhHome,
    server: zhServer,
    shell: zhShell,
    tokens: zhTokens,
  },
};

export type Messages = (typeof catalogues)["en"];
