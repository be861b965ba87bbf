"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchTopupRecords } from "@/modules/wallet/client/topup/api";
import { topupKeys } from "@/modules/wallet/client/topup/keys";

export function useTopupRecords(page: number, pageSize: number) {
  return useQuery({
    queryKey: topupKeys.records(page, pageSize),
    queryFn: ({ signal }) => fetchTopupRecords(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
