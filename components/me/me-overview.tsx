"use client";

// Placeholder replaced by the personal-settings overview (balance, stats, check-in, invite, bindings).
export function MeOverview() {
  return null;
}
