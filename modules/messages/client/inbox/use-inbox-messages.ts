"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchInboxMessages, inboxKeys } from "@/modules/messages/client/inbox-api";

/** One page of the caller's inbox (GET /api/user/messages). */
export function useInboxMessages(page: number, pageSize: number) {
  return useQuery({
    queryKey: inboxKeys.list(page, pageSize),
    queryFn: ({ signal }) => fetchInboxMessages(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // the page shows 加载消息失败 with a retry itself
    meta: { silent: true },
  });
}
