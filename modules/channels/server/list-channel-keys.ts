import "server-only";

// get_key_status of POST /api/channel/multi_key/manage: one page of a multi-key channel's keys,
// masked, with each disabled key's reason and time, and the counts over all keys (new-api's
// MultiKeyStatusResponse: the filter narrows the page and total, never the counts).
import type { KeyStatusItem, KeyStatusPage } from "@/modules/channels/multi-key-schemas";
import { KEY_STATUS } from "@/modules/channels/multi-key-schemas";
import { keyPreview, type KeyState } from "@/modules/channels/server/multi-key-state";

const DEFAULT_PAGE_SIZE = 50;

export function listChannelKeys(
  keys: KeyState[],
  query: { page?: number; page_size?: number; status?: number | null },
): KeyStatusPage {
  const counts = { 1: 0, 2: 0, 3: 0 } as Record<number, number>;
  for (const k of keys) counts[k.status] = (counts[k.status] ?? 0) + 1;
  const all = keys.map((k, index): KeyStatusItem => {
    const item: KeyStatusItem = { index, status: k.status, key_preview: keyPreview(k.key) };
    if (k.time) item.disabled_time = k.time;
    if (k.reason) item.reason = k.reason;
    return item;
  });
  const filtered = query.status == null ? all : all.filter((k) => k.status === query.status);
  const pageSize = query.page_size && query.page_size > 0 ? query.page_size : DEFAULT_PAGE_SIZE;
  const totalPages = Math.max(1, Math.ceil(filtered.length / pageSize));
  const page = Math.min(query.page && query.page > 0 ? query.page : 1, totalPages);
  const start = (page - 1) * pageSize;
  return {
    keys: filtered.slice(start, start + pageSize),
    total: filtered.length,
    page,
    page_size: pageSize,
    total_pages: totalPages,
    enabled_count: counts[KEY_STATUS.enabled]!,
    manual_disabled_count: counts[KEY_STATUS.manuallyDisabled]!,
    auto_disabled_count: counts[KEY_STATUS.autoDisabled]!,
  };
}
