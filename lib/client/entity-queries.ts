"use client";

// The query shapes the admin entities share: a paged list that keeps the previous page on screen
// while the next one loads, one entity read afresh for its edit drawer, and writes that refresh
// every query of the entity.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { ErrorMeta } from "@/lib/client/describe-error";

/** `fresh`: read again on every mount (lists that change behind the page's back: logs, inbox). */
export function usePagedList<T>(
  queryKey: QueryKey,
  fetch: (signal: AbortSignal) => Promise<T>,
  { fresh = false, enabled = true, meta }: { fresh?: boolean; enabled?: boolean; meta?: ErrorMeta } = {},
) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetch(signal),
    placeholderData: keepPreviousData,
    enabled,
    ...(fresh ? { staleTime: 0 } : {}),
    ...(meta ? { meta } : {}),
  });
}

/** One entity for its edit drawer: nothing while `id` is null, never served from an earlier read. */
export function useEntity<T>(
  id: number | null,
  key: (id: number) => QueryKey,
  fetch: (id: number, signal: AbortSignal) => Promise<T>,
) {
  return useQuery({
    queryKey: key(id ?? 0),
    queryFn: ({ signal }) => fetch(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/**
 * A write that refreshes every query under `key` once it succeeded (`settled`: after a failure
 * too, for writes that may have partly landed). The mutation resolves after the refresh.
 */
export function useRefreshingMutation<A, R>(
  key: QueryKey,
  mutationFn: (arg: A) => Promise<R>,
  { meta, settled = false }: { meta?: ErrorMeta; settled?: boolean } = {},
) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  return useMutation({ mutationFn, meta, ...(settled ? { onSettled: refresh } : { onSuccess: refresh }) });
}
