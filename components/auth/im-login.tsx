"use client";

// WeChat (QR code + code) and Telegram (login widget) sign-in, each shown when /api/status enables it.
// (Seam: filled in by the WeChat/Telegram feature.)
export function ImLogin() {
  return null;
}
