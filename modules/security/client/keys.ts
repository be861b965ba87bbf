// Query keys of the security module.
export const securityKeys = {
  all: ["security"] as const,
  twoFactor: () => [...securityKeys.all, "2fa"] as const,
  verifyStatus: () => [...securityKeys.all, "verify"] as const,
  sessions: () => [...securityKeys.all, "sessions"] as const,
  passkeys: () => [...securityKeys.all, "passkeys"] as const,
};
