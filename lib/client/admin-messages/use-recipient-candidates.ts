"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { searchRecipientCandidates } from "@/lib/client/admin-messages/api";
import { adminMessageKeys } from "@/lib/client/admin-messages/keys";
import { RECIPIENT_PICKER_PAGE_SIZE } from "@/lib/schemas/message";

/** Users the recipient picker offers, 20 per page (spec 1 §9), through GET /api/user/search. */
export function useRecipientCandidates(keyword: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: adminMessageKeys.candidates(keyword.trim(), page),
    queryFn: ({ signal }) => searchRecipientCandidates(keyword, page, RECIPIENT_PICKER_PAGE_SIZE, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}
