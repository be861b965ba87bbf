"use client";

// Bind a WeChat account (code from the WeChat server's QR code) or a Telegram account (login widget).
// (Seam: filled in by the WeChat/Telegram feature.)
export function ImBinding({ provider, bound }: { provider: "wechat" | "telegram"; bound: boolean }) {
  void provider;
  void bound;
  return null;
}
