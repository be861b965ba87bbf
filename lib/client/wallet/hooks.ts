"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchSelf, redeemCode } from "@/lib/client/wallet/api";
import { walletKeys } from "@/lib/client/wallet/keys";

export function useSelfAccount() {
  return useQuery({ queryKey: walletKeys.self(), queryFn: ({ signal }) => fetchSelf(signal), staleTime: 0 });
}

/** Redeems a code; the balance is re-read afterwards. */
export function useRedeemCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => client.invalidateQueries({ queryKey: walletKeys.self() }),
  });
}
