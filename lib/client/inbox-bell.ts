// The inbox's query keys and the unread count: the shell's bell polls the count and the inbox pages
// (modules/messages) invalidate it when a message is read, so both sides share this one key factory.
import { apiData } from "@/lib/client/api";

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
