"use client";

// Channel page preferences kept in local storage: column visibility and
// tag mode (page size goes through usePageSize). One store, shared by every component that reads it.
import { useCallback, useSyncExternalStore } from "react";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

function useStored<T>(key: string, fallback: T, parse: (raw: string) => T | null): [T, (v: T) => void] {
  const read = useCallback(() => getStoredValue(key), [key]);
  const raw = useSyncExternalStore(subscribe, read, () => null);
  const value = raw === null ? fallback : (parse(raw) ?? fallback);
  const set = useCallback(
    (v: T) => {
      setStoredValue(key, JSON.stringify(v));
      listeners.forEach((fn) => fn());
    },
    [key],
  );
  return [value, set];
}

export const CHANNEL_COLUMNS = [
  "id",
  "name",
  "group",
  "type",
  "status",
  "response_time",
  "balance",
  "priority",
  "weight",
  "actions",
] as const;
export type ChannelColumn = (typeof CHANNEL_COLUMNS)[number];

const parseColumns = (raw: string): Record<string, boolean> | null => {
  try {
    const v = JSON.parse(raw) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, boolean>) : null;
  } catch {
    return null;
  }
};

/** Hidden columns are stored as {column: false}; unknown keys are ignored. */
export function useColumnVisibility(): [Record<string, boolean>, (v: Record<string, boolean>) => void] {
  return useStored<Record<string, boolean>>("channels-columns", {}, parseColumns);
}

export function useChannelTagMode(): [boolean, (v: boolean) => void] {
  return useStored("channels-tag-mode", false, (raw) => (raw === "true" ? true : raw === "false" ? false : null));
}

export function isColumnVisible(visibility: Record<string, boolean>, column: ChannelColumn): boolean {
  return visibility[column] !== false;
}
