"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchAffCode, transferAffQuota } from "@/modules/profile/client/api";
import { accountKeys } from "@/modules/profile/client/keys";

export function useAffCode(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.affCode(),
    queryFn: ({ signal }) => fetchAffCode(signal),
    enabled,
    staleTime: Infinity,
  });
}

/** Moves invite rewards into the balance; the account is re-read afterwards. */
export function useAffTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: transferAffQuota,
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.self() }),
  });
}
