import type { TokenFilters } from "@/modules/tokens/client/api";

export const tokenKeys = {
  all: ["tokens"] as const,
  lists: () => [...tokenKeys.all, "list"] as const,
  list: (f: TokenFilters) => [...tokenKeys.lists(), f] as const,
  detail: (id: number) => [...tokenKeys.all, "detail", id] as const,
};
