"use client";

// The key list and key actions of a multi-key channel (POST /api/channel/multi_key/manage).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiData, apiFetch } from "@/lib/client/api";
import { channelKeys } from "@/modules/channels/client/keys";
import type { KeyStatusPage, MultiKeyAction } from "@/modules/channels/multi-key-schemas";

const MANAGE = "/api/channel/multi_key/manage";
export const KEYS_PAGE_SIZE = 20;

export type KeyActionRequest = {
  channel_id: number;
  action: Exclude<MultiKeyAction, "get_key_status">;
  key_index?: number;
};

export const fetchChannelKeys = (channelId: number, page: number, status: number | null, signal?: AbortSignal) =>
  apiData<KeyStatusPage>(MANAGE, {
    method: "POST",
    signal,
    body: { channel_id: channelId, action: "get_key_status", page, page_size: KEYS_PAGE_SIZE, status },
  });

/** Runs one key action; answers the server's message (what it did, in the caller's language). */
export const runKeyAction = (body: KeyActionRequest) =>
  apiFetch<unknown>(MANAGE, { method: "POST", body }).then((r) => r.message);

export function useChannelKeys(channelId: number, page: number, status: number | null) {
  return useQuery({
    queryKey: channelKeys.multiKeys(channelId, page, status),
    queryFn: ({ signal }) => fetchChannelKeys(channelId, page, status, signal),
    placeholderData: keepPreviousData,
  });
}

/** A key action; every channel query (this list, the channel table's counts) is refreshed after it. */
export function useKeyAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runKeyAction,
    onSuccess: () => void client.invalidateQueries({ queryKey: channelKeys.all }),
  });
}
