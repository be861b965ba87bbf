// Message catalogues, one JSON file per namespace and locale. zh and en must have the same keys
// (__tests__/unit/messages.test.ts checks it). Add a namespace by adding both files and a line here.
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enHome from "./en/home.json";
import enServer from "./en/server.json";
import enShell from "./en/shell.json";
import enTokens from "./en/tokens.json";
import zhCommon from "./zh/common.json";
import zhErrors from "./zh/errors.json";
import zhHome from "./zh/home.json";
import zhServer from "./zh/server.json";
import zhShell from "./zh/shell.json";
import zhTokens from "./zh/tokens.json";

export const catalogues = {
  en: { common: enCommon, errors: enErrors, server: enServer, shell: enShell, home: enHome, tokens: enTokens },
  zh: { common: zhCommon, errors: zhErrors, server: zhServer, shell: zhShell, home: zhHome, tokens: zhTokens },
};

export type Messages = (typeof catalogues)["en"];
