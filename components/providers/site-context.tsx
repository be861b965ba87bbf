"use client";

// Server-resolved data the whole console needs: the public status object (GET /api/status) and the
// logged-in user (null for visitors). Provided once by the root layout; read with useSite().
import { createContext, useContext, type ReactNode } from "react";
import type { StoredUser } from "@/lib/client/storage";
import type { StatusData } from "@/lib/server/site-status";

export type SiteContextValue = { status: StatusData; user: StoredUser | null };

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error("useSite must be used inside SiteProvider");
  return ctx;
}
