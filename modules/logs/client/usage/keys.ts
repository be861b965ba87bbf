import type { LogFilters } from "@/modules/logs/client/usage/api";

export const logKeys = {
  all: ["logs"] as const,
  list: (admin: boolean, f: LogFilters, page: number, pageSize: number) =>
    [...logKeys.all, "list", admin, f, page, pageSize] as const,
  stat: (admin: boolean, f: LogFilters) => [...logKeys.all, "stat", admin, f] as const,
  user: (id: number) => ["users", "detail", id] as const,
};
