// Typed calls of the channels page.
import { apiData, apiFetch } from "@/lib/client/api";
import type { SetChannelsTagAnswer } from "@/app/api/channel/batch/tag/route";
import type { TagEnabledAnswer as TagStatusAnswer } from "@/app/api/channel/tag/enabled/route";
import type { EditTagAnswer } from "@/app/api/channel/tag/route";
import type { GroupsAnswer } from "@/app/api/group/route";
import type { UpstreamModelsAnswer } from "@/app/api/channel/fetch_models/route";
import type { SavedChannelModelsAnswer } from "@/app/api/channel/fetch_models/[id]/route";
import type { CreateChannelAnswer, ListChannelsAnswer, UpdateChannelAnswer } from "@/app/api/channel/route";
import type { GetChannelAnswer } from "@/app/api/channel/[id]/route";
import type { SearchChannelsAnswer } from "@/app/api/channel/search/route";
import type { CopyChannelAnswer } from "@/app/api/channel/copy/[id]/route";
import type { DeleteChannelsAnswer } from "@/app/api/channel/batch/route";
import type { DeleteDisabledChannelsAnswer } from "@/app/api/channel/disabled/route";
import type { FixAbilitiesAnswer } from "@/app/api/channel/fix/route";
import type { KnownModelsAnswer } from "@/app/api/channel/models/route";
import type { ChannelTagsAnswer } from "@/app/api/channel/tags/route";

/** A channel as the routes answer it; no `is_tag` tells it from a tag row. */
export type ChannelItem = GetChannelAnswer & { is_tag?: undefined };

type TagRowAnswer = Extract<ListChannelsAnswer["items"][number], { is_tag: true }>;
/** A tag row as the server builds it, children as the console reads them. */
export type TagRow = Omit<TagRowAnswer, "children"> & { children: ChannelItem[] };

export type ChannelRow = ChannelItem | TagRow;
export type ChannelPage = Omit<ListChannelsAnswer, "items"> & { items: ChannelRow[] };

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

export function fetchChannels(f: ChannelFilters, signal?: AbortSignal): Promise<ChannelPage> {
  const searching = !!(f.keyword || f.model || f.group || f.types.length || f.statuses.length || f.tags.length);
  return apiData<ListChannelsAnswer | SearchChannelsAnswer>(searching ? "/api/channel/search" : "/api/channel/", {
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
  apiData<GetChannelAnswer>(`/api/channel/${id}`, { signal });
export const createChannel = (body: { mode: string; multi_key_mode?: string; channel: ChannelPayload }) =>
  apiData<CreateChannelAnswer>("/api/channel/", { method: "POST", body });
export const updateChannel = (body: ChannelPayload & { id: number }) =>
  apiData<UpdateChannelAnswer>("/api/channel/", { method: "PUT", body });
export const deleteChannel = (id: number) => apiData<null>(`/api/channel/${id}`, { method: "DELETE" });
export const copyChannel = (id: number) => apiData<CopyChannelAnswer>(`/api/channel/copy/${id}`, { method: "POST" });
export const deleteChannels = (ids: number[]) =>
  apiData<DeleteChannelsAnswer>("/api/channel/batch", { method: "POST", body: { ids } });
export const deleteDisabledChannels = () =>
  apiData<DeleteDisabledChannelsAnswer>("/api/channel/disabled", { method: "DELETE" });
export const fixAbilities = () => apiData<FixAbilitiesAnswer>("/api/channel/fix", { method: "POST" });
export const setChannelsTag = (ids: number[], tag: string) =>
  apiData<SetChannelsTagAnswer>("/api/channel/batch/tag", { method: "POST", body: { ids, tag } });
export const setTagStatus = (tag: string, enabled: boolean) =>
  apiData<TagStatusAnswer>(`/api/channel/tag/${enabled ? "enabled" : "disabled"}`, { method: "POST", body: { tag } });
export const editTag = (body: ChannelPayload & { tag: string }) =>
  apiData<EditTagAnswer>("/api/channel/tag", { method: "PUT", body });
export const fetchTags = (signal?: AbortSignal) =>
  apiData<ChannelTagsAnswer>("/api/channel/tags", { signal, query: { offset: 0, limit: 200 } });
export const fetchKnownModels = (signal?: AbortSignal) =>
  apiData<KnownModelsAnswer>("/api/channel/models", { signal }).then((l) => l.map((m) => m.id));
export const fetchGroups = (signal?: AbortSignal) => apiData<GroupsAnswer>("/api/group/", { signal });
export const fetchUpstreamModels = (body: { base_url: string; type: number; key: string }) =>
  apiData<UpstreamModelsAnswer>("/api/channel/fetch_models", { method: "POST", body });
export const fetchSavedChannelModels = (id: number) =>
  apiData<SavedChannelModelsAnswer>(`/api/channel/fetch_models/${id}`);
export const updateBalance = (id: number) =>
  apiData<{ balance: number }>(`/api/channel/update_balance/${id}`).then((d) => d.balance);
export const updateAllBalances = () => apiFetch<null>("/api/channel/update_balance").then((r) => r.message);
export const testAllChannels = () => apiFetch<null>("/api/channel/test").then((r) => r.message);

/** One model test; a refused test (success false) throws an ApiError carrying the reason. */
export const testChannelModel = (id: number, model: string, signal?: AbortSignal) =>
  apiData<{ time: number }>(`/api/channel/test/${id}`, { signal, query: { model } });
