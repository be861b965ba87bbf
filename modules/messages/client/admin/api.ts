// Typed fetchers of /api/admin/messages* and the recipient picker's user search.
import { apiData, apiFetch } from "@/lib/client/api";
import type { CreateMessageInput, MessageFormat, UpdateMessageInput } from "@/modules/messages/schemas";
import type { PageResult } from "@/lib/schemas/pagination";

export type AdminMessage = {
  id: number;
  title: string;
  content: string;
  format: MessageFormat;
  created_at: string;
  stats: { total_recipients: number; read_count?: number };
};
export type MessageRecipient = { user_id: number; username: string; display_name: string; read_at: string | null };
export type RecipientCandidate = { id: number; username: string; display_name: string; DeletedAt: string | null };

/** The search form: keyword and created-date range as yyyy-mm-dd (local days, inclusive). */
export type MessageFilters = { keyword: string; startDate: string; endDate: string };
export const EMPTY_FILTERS: MessageFilters = { keyword: "", startDate: "", endDate: "" };

/** A local calendar day's first or last instant as ISO, so the range means the viewer's days. */
function dayEdge(day: string, end: boolean): string {
  if (!day) return "";
  const [y, m, d] = day.split("-").map(Number);
  const date = end ? new Date(y!, m! - 1, d!, 23, 59, 59, 999) : new Date(y!, m! - 1, d!, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

export function hasFilters(f: MessageFilters): boolean {
  return Boolean(f.keyword.trim() || f.startDate || f.endDate);
}

export function fetchAdminMessages(f: MessageFilters, page: number, pageSize: number, signal?: AbortSignal) {
  const paging = { p: page, page_size: pageSize };
  if (!hasFilters(f)) return apiData<PageResult<AdminMessage>>("/api/admin/messages", { query: paging, signal });
  return apiData<PageResult<AdminMessage>>("/api/admin/messages/search", {
    query: {
      ...paging,
      keyword: f.keyword.trim(),
      start_date: dayEdge(f.startDate, false),
      end_date: dayEdge(f.endDate, true),
    },
    signal,
  });
}

export function fetchAdminMessage(id: number, signal?: AbortSignal) {
  return apiData<AdminMessage>(`/api/admin/messages/${id}`, { signal });
}

export function fetchMessageRecipients(id: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<PageResult<MessageRecipient>>(`/api/admin/messages/${id}/recipients`, {
    query: { p: page, page_size: pageSize },
    signal,
  });
}

export async function createMessage(input: CreateMessageInput) {
  return (await apiFetch<{ id: number }>("/api/admin/messages", { method: "POST", body: input })).message;
}

export async function updateMessage({ id, ...input }: UpdateMessageInput & { id: number }) {
  return (await apiFetch<null>(`/api/admin/messages/${id}`, { method: "PUT", body: input })).message;
}

export async function deleteMessage(id: number) {
  return (await apiFetch<null>(`/api/admin/messages/${id}`, { method: "DELETE" })).message;
}

export function searchRecipientCandidates(keyword: string, page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<PageResult<RecipientCandidate>>("/api/user/search", {
    query: { keyword: keyword.trim(), p: page, page_size: pageSize },
    signal,
  });
}
