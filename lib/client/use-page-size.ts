"use client";

import { useCallback, useState, useSyncExternalStore } from "react";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";
import { PAGE_SIZE_MAX } from "@/lib/schemas/pagination";

const listeners = new Set<() => void>();
const subscribe = (fn: () => void) => {
  listeners.add(fn);
  return () => listeners.delete(fn);
};

/** A table's page size, remembered in localStorage under `storageKey`, so it survives a reload. */
export function usePageSize(storageKey: string, fallback = 10): [number, (size: number) => void] {
  const read = useCallback(() => {
    const stored = Number(getStoredValue(storageKey));
    return Number.isInteger(stored) && stored > 0 && stored <= PAGE_SIZE_MAX ? stored : fallback;
  }, [storageKey, fallback]);
  const size = useSyncExternalStore(subscribe, read, () => fallback);
  const setSize = useCallback(
    (next: number) => {
      setStoredValue(storageKey, String(next));
      listeners.forEach((fn) => fn());
    },
    [storageKey],
  );
  return [size, setSize];
}

/** A list's page number with its remembered page size; choosing another size goes back to page 1. */
export function usePaging(storageKey: string, fallback = 10) {
  const [pageSize, storeSize] = usePageSize(storageKey, fallback);
  const [page, setPage] = useState(1);
  const setPageSize = useCallback(
    (size: number) => {
      storeSize(size);
      setPage(1);
    },
    [storeSize],
  );
  return { page, setPage, pageSize, setPageSize };
}
