// The security module's door for other modules' client code (eslint.config.mjs, "doors"): the
// security section of personal settings, the sign-in's second step, the channel key read-back, and
// the guard other sensitive actions run behind.
export { SecuritySection } from "@/modules/security/components/security-section";
export { LoginSecondStep } from "@/modules/security/components/login-second-step";
export { PasskeySignIn } from "@/modules/security/components/passkey-sign-in";
export { AdminSecondFactors, TwoFactorAdoption } from "@/modules/security/components/admin-second-factors";
export { ChannelKeyReveal } from "@/modules/security/components/channel-key-reveal";
export { useSecureAction } from "@/modules/security/client/use-secure-action";
