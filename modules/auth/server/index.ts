import "server-only";

// The auth module's door for other modules' server code (eslint.config.mjs, "doors"): the own
// account's notification e-mail is confirmed with the same verification codes as sign-up.
export { verifyEmailCode } from "@/modules/auth/server/verification/verify-email-code";
