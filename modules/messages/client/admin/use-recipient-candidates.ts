"use client";

import { usePagedList } from "@/lib/client/entity-queries";
import { searchRecipientCandidates } from "@/modules/messages/client/admin/api";
import { adminMessageKeys } from "@/modules/messages/client/admin/keys";
import { RECIPIENT_PICKER_PAGE_SIZE } from "@/modules/messages/schemas";

/** Users the recipient picker offers, 20 per page, through GET /api/user/search. */
export const useRecipientCandidates = (keyword: string, page: number, enabled: boolean) =>
  usePagedList(
    adminMessageKeys.candidates(keyword.trim(), page),
    (signal) => searchRecipientCandidates(keyword, page, RECIPIENT_PICKER_PAGE_SIZE, signal),
    { enabled },
  );
