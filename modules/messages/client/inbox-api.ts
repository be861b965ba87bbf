// Inbox calls shared by the shell (unread bell) and the inbox pages. Query keys live here so that
// marking a message read can invalidate exactly the bell's count.
import { apiData } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";

export type InboxMessage = {
  id: number;
  title: string;
  /** markdown source, or html already sanitized by the server */
  content: string;
  format: string;
  created_at: string;
  read_at: string | null;
  is_read: boolean;
};

export const inboxKeys = {
  all: ["inbox"] as const,
  unreadCount: () => [...inboxKeys.all, "unread-count"] as const,
  lists: () => [...inboxKeys.all, "list"] as const,
  list: (page: number, pageSize: number) => [...inboxKeys.lists(), { page, pageSize }] as const,
  detail: (id: number) => [...inboxKeys.all, "detail", id] as const,
};

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await apiData<{ unread_count: number }>("/api/user/messages/unread_count", { signal });
  return Number(data?.unread_count) || 0;
}

export function fetchInboxMessages(page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<PageResult<InboxMessage>>("/api/user/messages", { query: { p: page, page_size: pageSize }, signal });
}

export function fetchInboxMessage(id: number, signal?: AbortSignal) {
  return apiData<InboxMessage>(`/api/user/messages/${id}`, { signal });
}

export function markInboxMessageRead(id: number) {
  return apiData<{ read_at: string }>(`/api/user/messages/${id}/read`, { method: "PUT" });
}
