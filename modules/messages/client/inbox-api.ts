// The inbox pages' calls. The query keys and the bell's count live in the shared kit
// (lib/client/inbox-bell.ts), which the shell reads too.
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

export function fetchInboxMessages(page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<PageResult<InboxMessage>>("/api/user/messages", { query: { p: page, page_size: pageSize }, signal });
}

export function fetchInboxMessage(id: number, signal?: AbortSignal) {
  return apiData<InboxMessage>(`/api/user/messages/${id}`, { signal });
}

export function markInboxMessageRead(id: number) {
  return apiData<{ read_at: string }>(`/api/user/messages/${id}/read`, { method: "PUT" });
}
