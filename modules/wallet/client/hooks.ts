"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchSelf, redeemCode } from "@/modules/wallet/client/api";
import { walletKeys } from "@/modules/wallet/client/keys";

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
