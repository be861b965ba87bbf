// Typed calls of the channels page.
import { apiData, apiFetch } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";
import type { TagRowDto } from "@/modules/channels/server/dto-tag-row";

export type ChannelItem = {
  id: number;
  type: number;
  name: string;
  key: string;
  openai_organization: string;
  test_model: string;
  status: number;
  weight: number;
  created_time: number;
  test_time: number;
  response_time: number;
  base_url: string;
  other: string;
  balance: number;
  balance_updated_time: number;
  models: string;
  group: string;
  used_quota: number;
  model_mapping: string;
  status_code_mapping: string;
  priority: number;
  auto_ban: number;
  other_info: string;
  tag: string;
  setting: string;
  param_override: string;
  header_override: string;
  system_prompt: string;
  model_prefix: string;
  max_input_tokens: number;
  /** Unix seconds; 0 = never. */
  expired_time: number;
  remark: string;
  channel_info: { is_multi_key: boolean; key_count: number };
  is_tag?: undefined;
};

/** A tag row as the server builds it (modules/channels/server/dto-tag-row.ts), children as the console reads them. */
export type TagRow = Omit<TagRowDto, "children"> & { children: ChannelItem[] };

export type ChannelRow = ChannelItem | TagRow;
export type ChannelPage = PageResult<ChannelRow> & { type_counts: Record<string, number> };

/** The search row's fields (keyword, model, group, types, statuses, tags). */
export type ChannelSearch = {
  keyword: string;
  model: string;
  group: string;
  types: number[];
  statuses: number[];
  tags: string[];
};

export type ChannelFilters = ChannelSearch & { page: number; pageSize: number; idSort: boolean; tagMode: boolean };

export function fetchChannels(f: ChannelFilters, signal?: AbortSignal) {
  const searching = !!(f.keyword || f.model || f.group || f.types.length || f.statuses.length || f.tags.length);
  return apiData<ChannelPage>(searching ? "/api/channel/search" : "/api/channel/", {
    signal,
    query: {
      p: f.page,
      page_size: f.pageSize,
      id_sort: f.idSort,
      tag_mode: f.tagMode,
      keyword: f.keyword.trim(),
      model: f.model.trim(),
      group: f.group,
      types: f.types.join(","),
      statuses: f.statuses.join(","),
      tags: f.tags.join(","),
    },
  });
}

export type ChannelPayload = Record<string, unknown>;

export const fetchChannel = (id: number, signal?: AbortSignal) =>
  apiData<ChannelItem>(`/api/channel/${id}`, { signal });
export const createChannel = (body: { mode: string; multi_key_mode?: string; channel: ChannelPayload }) =>
  apiData<{ ids: number[] }>("/api/channel/", { method: "POST", body });
export const updateChannel = (body: ChannelPayload & { id: number }) =>
  apiData<ChannelItem>("/api/channel/", { method: "PUT", body });
export const deleteChannel = (id: number) => apiData<null>(`/api/channel/${id}`, { method: "DELETE" });
export const copyChannel = (id: number) => apiData<{ id: number }>(`/api/channel/copy/${id}`, { method: "POST" });
export const deleteChannels = (ids: number[]) =>
  apiData<number>("/api/channel/batch", { method: "POST", body: { ids } });
export const deleteDisabledChannels = () => apiData<number>("/api/channel/disabled", { method: "DELETE" });
export const fixAbilities = () =>
  apiData<{ channels: number; abilities: number; removed: number }>("/api/channel/fix", { method: "POST" });
export const setChannelsTag = (ids: number[], tag: string) =>
  apiData<number>("/api/channel/batch/tag", { method: "POST", body: { ids, tag } });
export const setTagStatus = (tag: string, enabled: boolean) =>
  apiData<number>(`/api/channel/tag/${enabled ? "enabled" : "disabled"}`, { method: "POST", body: { tag } });
export const editTag = (body: ChannelPayload & { tag: string }) =>
  apiData<number>("/api/channel/tag", { method: "PUT", body });
export const fetchTags = (signal?: AbortSignal) =>
  apiData<string[]>("/api/channel/tags", { signal, query: { offset: 0, limit: 200 } });
export const fetchKnownModels = (signal?: AbortSignal) =>
  apiData<{ id: string }[]>("/api/channel/models", { signal }).then((l) => l.map((m) => m.id));
export const fetchGroups = (signal?: AbortSignal) => apiData<string[]>("/api/group/", { signal });
export const fetchUpstreamModels = (body: { base_url: string; type: number; key: string }) =>
  apiData<string[]>("/api/channel/fetch_models", { method: "POST", body });
export const fetchSavedChannelModels = (id: number) => apiData<string[]>(`/api/channel/fetch_models/${id}`);
export const updateBalance = (id: number) =>
  apiData<{ balance: number }>(`/api/channel/update_balance/${id}`).then((d) => d.balance);
export const updateAllBalances = () => apiFetch<null>("/api/channel/update_balance").then((r) => r.message);
export const testAllChannels = () => apiFetch<null>("/api/channel/test").then((r) => r.message);

/** One model test; a refused test (success false) throws an ApiError carrying the reason. */
export const testChannelModel = (id: number, model: string, signal?: AbortSignal) =>
  apiData<{ time: number }>(`/api/channel/test/${id}`, { signal, query: { model } });
