"use client";

// The price sync's calls (root): the channels to sync from, and one fetch of the upstreams' prices
// compared with ours. Nothing is saved by either: the settings screen applies values to its draft.
import { useMutation, useQuery } from "@tanstack/react-query";
import { apiData } from "@/lib/client/api";
import type { RatioSyncFetchBody, RatioSyncResult, SyncableChannel } from "@/modules/pricing/ratios/ratio-sync";

export const ratioSyncKeys = { channels: () => ["pricing", "ratio-sync", "channels"] as const };

export const fetchSyncChannels = (signal?: AbortSignal) =>
  apiData<SyncableChannel[]>("/api/ratio_sync/channels", { signal });

export const fetchUpstreamRatios = (body: RatioSyncFetchBody) =>
  apiData<RatioSyncResult>("/api/ratio_sync/fetch", { method: "POST", body });

export function useSyncChannels(enabled: boolean) {
  return useQuery({ queryKey: ratioSyncKeys.channels(), queryFn: ({ signal }) => fetchSyncChannels(signal), enabled });
}

export function useFetchUpstreamRatios() {
  return useMutation({ mutationFn: fetchUpstreamRatios });
}
