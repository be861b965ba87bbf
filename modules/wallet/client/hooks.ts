"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { selfKeys } from "@/lib/client/user-self";
import { redeemCode } from "@/modules/wallet/client/api";

/** Redeems a code; the balance is re-read afterwards. */
export function useRedeemCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: () => client.invalidateQueries({ queryKey: selfKeys.self() }),
  });
}
