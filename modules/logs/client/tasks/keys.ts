import type { TaskFilters } from "@/modules/logs/client/tasks/api";

export const taskKeys = {
  drawings: (admin: boolean, f: TaskFilters, page: number, pageSize: number) =>
    ["drawings", "list", admin, f, page, pageSize] as const,
  tasks: (admin: boolean, f: TaskFilters, page: number, pageSize: number) =>
    ["tasks", "list", admin, f, page, pageSize] as const,
};
