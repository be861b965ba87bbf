"use client";

import { usePagedList } from "@/lib/client/entity-queries";
import { fetchAdminMessages, type MessageFilters } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";

/** The admin message table: the plain list, or the search call when a filter is set. */
export const useAdminMessages = (filters: MessageFilters, page: number, pageSize: number) =>
  usePagedList(adminMessageKeys.list(filters, page, pageSize), (signal) =>
    fetchAdminMessages(filters, page, pageSize, signal),
  );
