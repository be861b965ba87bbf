"use client";

// Bind a GitHub, OIDC or LinuxDO account to the signed-in user (the OAuth flow in bind mode).
// (Seam: filled in by the OAuth feature.)
export function OAuthBinding({ provider, bound }: { provider: "github" | "oidc" | "linuxdo"; bound: boolean }) {
  void provider;
  void bound;
  return null;
}
