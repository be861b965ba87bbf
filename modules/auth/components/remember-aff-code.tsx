"use client";

// The register page keeps its ?aff= invite code in local storage, so a visitor who then registers
// through an OAuth provider (from the login page) is still credited to the inviter.
import { useEffect } from "react";
import { setStoredValue } from "@/lib/client/storage";
import { AFF_STORAGE_KEY } from "@/modules/auth/client/oauth/start-oauth";

export function RememberAffCode({ code }: { code: string }) {
  useEffect(() => {
    if (code) setStoredValue(AFF_STORAGE_KEY, code);
  }, [code]);
  return null;
}
