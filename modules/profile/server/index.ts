import "server-only";

// The accounts module's door for other modules' server code (eslint.config.mjs, "doors"): the verbs
// they may call. Everything else under modules/accounts/ is the module's own.
export { creditInviterOnFirstPayment } from "@/modules/accounts/server/users/credit-inviter";
