"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchFirstEnabledTokenKey, fetchPlaygroundModels } from "@/modules/playground/client/api";
import { playgroundKeys } from "@/modules/playground/client/keys";

export function usePlaygroundModels(group: string, enabled = true) {
  return useQuery({
    queryKey: playgroundKeys.models(group),
    queryFn: ({ signal }) => fetchPlaygroundModels(group, signal),
    enabled,
  });
}

/** The chat pages read the key once per visit: a token enabled meanwhile shows after a reload. */
export function useChatTokenKey(enabled: boolean) {
  return useQuery({
    queryKey: playgroundKeys.chatKey(),
    queryFn: ({ signal }) => fetchFirstEnabledTokenKey(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
