import type { DashboardQuery, DashboardView } from "@/modules/logs/client/dashboard/api";

export const dashboardKeys = {
  all: ["dashboard"] as const,
  data: (view: DashboardView, q: DashboardQuery) => [...dashboardKeys.all, "data", view, q] as const,
};
