"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchUnreadCount, inboxKeys } from "@/lib/client/inbox-bell";
import { UNREAD_POLL_MS } from "@/lib/constants";

/** The bell's count, polled every 30 s while someone is logged in. */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: inboxKeys.unreadCount(),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    enabled,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS,
    // A background poll must not pop an error toast every 30 s while the network is flaky.
    meta: { silent: true },
  });
}
