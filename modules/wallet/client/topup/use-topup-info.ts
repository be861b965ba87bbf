"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchTopupInfo } from "@/modules/wallet/client/topup/api";
import { topupKeys } from "@/modules/wallet/client/topup/keys";

/** Whether online top-up is on, its minimum, methods and quick amounts (re-read on each visit). */
export function useTopupInfo() {
  return useQuery({ queryKey: topupKeys.info(), queryFn: ({ signal }) => fetchTopupInfo(signal), staleTime: 0 });
}
