"use client";

// Bind or change the account e-mail (GET /api/verification + GET /api/oauth/email/bind).
// (Seam: filled in by the e-mail feature.)
export function EmailBinding({ bound }: { bound: boolean }) {
  void bound;
  return null;
}
