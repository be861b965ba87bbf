// React Query keys of the admin message screens.
import type { MessageFilters } from "@/modules/messages/client/admin/api";

export const adminMessageKeys = {
  all: ["admin-messages"] as const,
  lists: () => [...adminMessageKeys.all, "list"] as const,
  list: (filters: MessageFilters, page: number, pageSize: number) =>
    [...adminMessageKeys.lists(), { ...filters, page, pageSize }] as const,
  detail: (id: number) => [...adminMessageKeys.all, "detail", id] as const,
  recipients: (id: number, page: number) => [...adminMessageKeys.all, "recipients", id, page] as const,
  candidates: (keyword: string, page: number) => [...adminMessageKeys.all, "candidates", keyword, page] as const,
};
