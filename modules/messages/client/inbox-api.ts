// The inbox pages' calls. The query keys and the bell's count live in the shared kit
// (lib/client/inbox-bell.ts), which the shell reads too.
import { apiData } from "@/lib/client/api";
import type { ListInboxAnswer } from "@/app/api/user/messages/route";
import type { GetInboxMessageAnswer } from "@/app/api/user/messages/[id]/route";
import type { MarkReadAnswer } from "@/app/api/user/messages/[id]/read/route";

/** An inbox message as GET /api/user/messages lists it (content: markdown, or html the server sanitized). */
export type InboxMessage = ListInboxAnswer["items"][number];

export function fetchInboxMessages(page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<ListInboxAnswer>("/api/user/messages", { query: { p: page, page_size: pageSize }, signal });
}

export function fetchInboxMessage(id: number, signal?: AbortSignal) {
  return apiData<GetInboxMessageAnswer>(`/api/user/messages/${id}`, { signal });
}

export function markInboxMessageRead(id: number) {
  return apiData<MarkReadAnswer>(`/api/user/messages/${id}/read`, { method: "PUT" });
}
