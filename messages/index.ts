// Message catalogues, one JSON file per namespace and locale. zh and en must have the same keys
// (__tests__/unit/messages.test.ts checks it). Add a namespace by adding both files and a line here.
import enAuth from "./en/auth.json";
import enCommon from "./en/common.json";
import enErrors from "./en/errors.json";
import enServer from "./en/server.json";
import zhAuth from "./zh/auth.json";
import zhCommon from "./zh/common.json";
import zhErrors from "./zh/errors.json";
import zhServer from "./zh/server.json";

export const catalogues = {
  en: { auth: enAuth, common: enCommon, errors: enErrors, server: enServer },
  zh: { auth: zhAuth, common: zhCommon, errors: zhErrors, server: zhServer },
};

export type Messages = (typeof catalogues)["en"];
