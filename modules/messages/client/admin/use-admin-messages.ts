"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchAdminMessages, type MessageFilters } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";

/** The admin message table: the plain list, or the search call when a filter is set. */
export function useAdminMessages(filters: MessageFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: adminMessageKeys.list(filters, page, pageSize),
    queryFn: ({ signal }) => fetchAdminMessages(filters, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}
