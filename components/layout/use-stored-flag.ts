"use client";

// A boolean kept in localStorage ("true"/"false"), readable during render without a hydration
// mismatch: the server (and the hydrating client) see `fallback`, then the stored value.
import { useCallback, useSyncExternalStore } from "react";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";

const CHANGE_EVENT = "stored-flag-change";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

export function useStoredFlag(key: string, fallback: boolean): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => {
      const raw = getStoredValue(key);
      return raw === null ? fallback : raw === "true";
    },
    () => fallback,
  );
  const update = useCallback(
    (next: boolean) => {
      setStoredValue(key, String(next));
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [value, update];
}
