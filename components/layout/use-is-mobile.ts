"use client";

// Phone layout switch (a phone is a window 600 px wide or less). Server render assumes desktop;
// layout-critical hiding is also done in CSS so phones never flash desktop-only items.
import { useSyncExternalStore } from "react";
import { MOBILE_MAX_WIDTH } from "@/lib/constants";

const QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

function media(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const mql = media();
  mql?.addEventListener("change", onChange);
  return () => mql?.removeEventListener("change", onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
