"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { inboxKeys } from "@/lib/client/inbox-bell";
import { markInboxMessageRead, type InboxMessage } from "@/modules/messages/client/inbox-api";

/**
 * PUT /api/user/messages/{id}/read when a message is opened. The detail gets read_at locally
 * at once, and the bell's count and the list pages are refetched.
 */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markInboxMessageRead,
    // a failed read mark must not interrupt reading the message
    meta: { silent: true },
    onSuccess: ({ read_at }, id) => {
      queryClient.setQueryData<InboxMessage>(inboxKeys.detail(id), (m) => (m ? { ...m, read_at, is_read: true } : m));
      void queryClient.invalidateQueries({ queryKey: inboxKeys.unreadCount() });
      void queryClient.invalidateQueries({ queryKey: inboxKeys.lists() });
    },
  });
}
