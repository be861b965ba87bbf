// Inbox calls shared by the shell (unread bell) and the inbox pages. Query keys live here so that
// marking a message read can invalidate exactly the bell's count.
import { apiData } from "@/lib/client/api";

export const inboxKeys = {
  all: ["inbox"] as const,
  unreadCount: () => [...inboxKeys.all, "unread-count"] as const,
};

export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  const data = await apiData<{ unread_count: number }>("/api/user/messages/unread_count", { signal });
  return Number(data?.unread_count) || 0;
}
