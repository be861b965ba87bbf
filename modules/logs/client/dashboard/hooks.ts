"use client";

import { useQuery } from "@tanstack/react-query";
import { fetchQuotaData, type DashboardQuery, type DashboardView } from "@/modules/logs/client/dashboard/api";
import { dashboardKeys } from "@/modules/logs/client/dashboard/keys";
import { fromModelRows, fromUserRows, type UsageRow } from "@/modules/logs/dashboard/series";
import type { QuotaDataRow, UserQuotaDataRow } from "@/modules/logs/schemas/dashboard";

/** The rows of one view as series rows: keyed by model, or by user in the per-user view. */
export function useDashboardRows(view: DashboardView, q: DashboardQuery) {
  return useQuery({
    queryKey: dashboardKeys.data(view, q),
    queryFn: async ({ signal }): Promise<UsageRow[]> => {
      const rows = await fetchQuotaData(view, q, signal);
      return view === "users" ? fromUserRows(rows as UserQuotaDataRow[]) : fromModelRows(rows as QuotaDataRow[]);
    },
    // keep the last answer while a new range loads, but never show one view's rows under another
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === view ? previous : undefined),
    staleTime: 30_000,
  });
}
