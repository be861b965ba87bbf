"use client";

import { useQuery } from "@tanstack/react-query";
import { ApiError } from "@/lib/client/api";
import { inboxKeys } from "@/lib/client/inbox-bell";
import { fetchInboxMessage } from "@/modules/messages/client/inbox-api";

/** One inbox message (GET /api/user/messages/{id}); the page handles 消息不存在 / 加载消息失败 itself. */
export function useInboxMessage(id: number) {
  return useQuery({
    queryKey: inboxKeys.detail(id),
    queryFn: ({ signal }) => fetchInboxMessage(id, signal),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 2,
    meta: { silent: true },
  });
}
