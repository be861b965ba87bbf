"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { usePagedList } from "@/lib/client/entity-queries";
import {
  deleteLogsBefore,
  fetchLogStat,
  fetchLogs,
  fetchUserInfo,
  type LogFilters,
} from "@/modules/logs/client/usage/api";
import { logKeys } from "@/modules/logs/client/usage/keys";

export const useLogs = (admin: boolean, filters: LogFilters, page: number, pageSize: number) =>
  usePagedList(
    logKeys.list(admin, filters, page, pageSize),
    (signal) => fetchLogs(filters, page, pageSize, admin, signal),
    { fresh: true },
  );

/** The totals above the table follow the same filters and stay on screen while they change. */
export const useLogStat = (admin: boolean, filters: LogFilters) =>
  usePagedList(logKeys.stat(admin, filters), (signal) => fetchLogStat(filters, admin, signal), { fresh: true });

export function useUserInfo(id: number | null) {
  return useQuery({
    queryKey: logKeys.user(id ?? 0),
    queryFn: ({ signal }) => fetchUserInfo(id!, signal),
    enabled: id !== null,
  });
}

/** Root: deletes the logs created before a unix time (seconds); every log list refetches. */
export function useDeleteLogsBefore() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteLogsBefore,
    onSuccess: () => client.invalidateQueries({ queryKey: logKeys.all }),
  });
}
