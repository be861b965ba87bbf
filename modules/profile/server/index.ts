import "server-only";

// The profile module's door for other modules' server code (eslint.config.mjs, "doors"): the verbs
// they may call. Everything else under modules/profile/ is the module's own.
export { creditInviterOnFirstPayment } from "@/modules/profile/server/credit-inviter";
