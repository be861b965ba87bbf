"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { deleteLogsBefore, fetchLogStat, fetchLogs, fetchUserInfo, type LogFilters } from "@/modules/logs/client/usage/api";
import { logKeys } from "@/modules/logs/client/usage/keys";

export function useLogs(admin: boolean, filters: LogFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: logKeys.list(admin, filters, page, pageSize),
    queryFn: ({ signal }) => fetchLogs(filters, page, pageSize, admin, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLogStat(admin: boolean, filters: LogFilters) {
  return useQuery({
    queryKey: logKeys.stat(admin, filters),
    queryFn: ({ signal }) => fetchLogStat(filters, admin, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

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
