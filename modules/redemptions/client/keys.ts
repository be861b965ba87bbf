import type { RedemptionFilters } from "@/modules/redemptions/client/api";

export const redemptionKeys = {
  all: ["redemptions"] as const,
  lists: () => [...redemptionKeys.all, "list"] as const,
  list: (f: RedemptionFilters) => [...redemptionKeys.lists(), f] as const,
  detail: (id: number) => [...redemptionKeys.all, "detail", id] as const,
};
