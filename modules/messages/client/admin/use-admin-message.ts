"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchAdminMessage, fetchMessageRecipients } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";
import { RECIPIENT_LIST_PAGE_SIZE } from "@/modules/messages/schemas";

/** One message with its stats, for the edit drawer. */
export function useAdminMessage(id: number | null) {
  return useQuery({
    queryKey: adminMessageKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchAdminMessage(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

/** A page of a message's recipients with read state (10 per page, spec 1 §9). */
export function useMessageRecipients(id: number | null, page: number) {
  return useQuery({
    queryKey: adminMessageKeys.recipients(id ?? 0, page),
    queryFn: ({ signal }) => fetchMessageRecipients(id!, page, RECIPIENT_LIST_PAGE_SIZE, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
