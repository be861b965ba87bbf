"use client";

import { usePagedList } from "@/lib/client/entity-queries";
import { fetchTopupRecords } from "@/modules/wallet/client/topup/api";
import { topupKeys } from "@/modules/wallet/client/topup/keys";

export const useTopupRecords = (page: number, pageSize: number) =>
  usePagedList(topupKeys.records(page, pageSize), (signal) => fetchTopupRecords(page, pageSize, signal), {
    fresh: true,
  });
