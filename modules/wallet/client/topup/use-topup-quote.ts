"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchTopupQuote } from "@/modules/wallet/client/topup/api";
import { topupKeys } from "@/modules/wallet/client/topup/keys";

/**
 * The price of `amount` (POST /api/user/amount). Its errors are shown inline by the dialog
 * (the returned message), so the global toast is silenced and failures are not retried.
 */
export function useTopupQuote(amount: number, enabled: boolean) {
  return useQuery({
    queryKey: topupKeys.quote(amount),
    queryFn: ({ signal }) => fetchTopupQuote(amount, signal),
    enabled,
    staleTime: 30_000,
    retry: false,
    meta: { silent: true },
  });
}
