"use client";

// Sign-in buttons for GitHub, OIDC and LinuxDO, each shown when /api/status enables it.
// (Seam: filled in by the OAuth feature.)
export function OAuthLoginButtons() {
  return null;
}
