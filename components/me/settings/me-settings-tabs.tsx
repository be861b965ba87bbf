"use client";

// Placeholder replaced by the notification / price / other settings tabs.
export function MeSettingsTabs() {
  return null;
}
