// Typed fetchers of /api/admin/messages* and the recipient picker's user search.
import { apiData, apiFetch } from "@/lib/client/api";
import type { CreateMessageInput, UpdateMessageInput } from "@/modules/messages/schemas";
import type { ListMessagesAnswer } from "@/app/api/admin/messages/route";
import type { SearchMessagesAnswer } from "@/app/api/admin/messages/search/route";
import type { GetMessageAnswer } from "@/app/api/admin/messages/[id]/route";
import type { ListRecipientsAnswer } from "@/app/api/admin/messages/[id]/recipients/route";
import type { SearchUsersAnswer } from "@/app/api/user/search/route";

/** A message as the admin list and GET /api/admin/messages/{id} answer it. */
export type AdminMessage = ListMessagesAnswer["items"][number];
export type MessageRecipient = ListRecipientsAnswer["items"][number];
/** The picker reads only these fields of GET /api/user/search's users. */
export type RecipientCandidate = Pick<
  SearchUsersAnswer["items"][number],
  "id" | "username" | "display_name" | "DeletedAt"
>;

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
  if (!hasFilters(f)) return apiData<ListMessagesAnswer>("/api/admin/messages", { query: paging, signal });
  return apiData<SearchMessagesAnswer>("/api/admin/messages/search", {
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
  return apiData<GetMessageAnswer>(`/api/admin/messages/${id}`, { signal });
}

export function fetchMessageRecipients(id: number, page: number, pageSize: number, signal?: AbortSignal) {
  return apiData<ListRecipientsAnswer>(`/api/admin/messages/${id}/recipients`, {
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
  return apiData<SearchUsersAnswer>("/api/user/search", {
    query: { keyword: keyword.trim(), p: page, page_size: pageSize },
    signal,
  });
}
