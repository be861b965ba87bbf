import type { ChannelFilters } from "@/modules/channels/client/api";

export const channelKeys = {
  all: ["channels"] as const,
  lists: () => [...channelKeys.all, "list"] as const,
  list: (f: ChannelFilters) => [...channelKeys.lists(), f] as const,
  detail: (id: number) => [...channelKeys.all, "detail", id] as const,
  multiKeys: (id: number, page: number, status: number | null) =>
    [...channelKeys.all, "multi-keys", id, page, status] as const,
  tags: () => [...channelKeys.all, "tags"] as const,
  knownModels: () => [...channelKeys.all, "known-models"] as const,
  groups: () => ["groups", "names"] as const,
};
