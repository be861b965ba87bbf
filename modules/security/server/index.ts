import "server-only";

// The security module's door (eslint.config.mjs, "doors"): what the sign-in, profile, token and
// channel code call for two-factor sign-in and secure verification.
export { secondStepAnswer } from "@/modules/security/server/two-factor/second-step-answer";
export {
  requireFreshVerification,
  requireSensitiveProof,
} from "@/modules/security/server/verification/secure-verification";
