import type { UserFilters } from "@/modules/users/client/api";

export const userKeys = {
  all: ["admin-users"] as const,
  lists: () => [...userKeys.all, "list"] as const,
  list: (f: UserFilters) => [...userKeys.lists(), f] as const,
  detail: (id: number) => [...userKeys.all, "detail", id] as const,
};
