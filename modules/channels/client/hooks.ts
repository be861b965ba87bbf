"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEntity, usePagedList } from "@/lib/client/entity-queries";
import * as api from "@/modules/channels/client/api";
import { channelKeys } from "@/modules/channels/client/keys";
import { UPDATE_FAILED, type ErrorMeta } from "@/lib/client/describe-error";

export const useChannels = (filters: api.ChannelFilters) =>
  usePagedList(channelKeys.list(filters), (signal) => api.fetchChannels(filters, signal));

export const useChannel = (id: number | null) => useEntity(id, channelKeys.detail, api.fetchChannel);

export function useChannelTags() {
  return useQuery({ queryKey: channelKeys.tags(), queryFn: ({ signal }) => api.fetchTags(signal) });
}

export function useKnownModels(enabled = true) {
  return useQuery({
    queryKey: channelKeys.knownModels(),
    queryFn: ({ signal }) => api.fetchKnownModels(signal),
    enabled,
  });
}

export function useGroupNames() {
  return useQuery({ queryKey: channelKeys.groups(), queryFn: ({ signal }) => api.fetchGroups(signal) });
}

/**
 * A mutation that refreshes every channel query (lists, details, tags) once it succeeds. The refresh
 * is not awaited: the caller's own onSuccess (toast, closing the drawer) runs at once, before the
 * refetched data re-renders anything.
 */
function useChannelMutation<V, R>(fn: (v: V) => Promise<R>, meta?: ErrorMeta) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: channelKeys.all });
    },
  });
}

export const useCreateChannel = () => useChannelMutation(api.createChannel);
export const useUpdateChannel = () => useChannelMutation(api.updateChannel, UPDATE_FAILED);
export const useDeleteChannel = () => useChannelMutation(api.deleteChannel);
export const useCopyChannel = () => useChannelMutation(api.copyChannel);
export const useDeleteChannels = () => useChannelMutation(api.deleteChannels);
export const useDeleteDisabledChannels = () => useChannelMutation(api.deleteDisabledChannels);
export const useFixAbilities = () => useChannelMutation(api.fixAbilities);
export const useSetChannelsTag = () =>
  useChannelMutation(({ ids, tag }: { ids: number[]; tag: string }) => api.setChannelsTag(ids, tag));
export const useSetTagStatus = () =>
  useChannelMutation(({ tag, enabled }: { tag: string; enabled: boolean }) => api.setTagStatus(tag, enabled));
export const useEditTag = () => useChannelMutation(api.editTag);
export const useUpdateBalance = () => useChannelMutation(api.updateBalance);
export const useUpdateAllBalances = () => useChannelMutation(api.updateAllBalances);
export const useTestAllChannels = () => useChannelMutation(api.testAllChannels);

/** Enables or disables several channels, one PUT each (what the batch toolbar does). */
export const useSetChannelsStatus = () =>
  useChannelMutation(async ({ ids, status }: { ids: number[]; status: number }) => {
    for (const id of ids) await api.updateChannel({ id, status });
    return ids.length;
  });
