"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fetchDrawings, fetchTasks, type TaskFilters } from "@/modules/logs/client/tasks/api";
import { taskKeys } from "@/modules/logs/client/tasks/keys";

type ListArgs = [admin: boolean, filters: TaskFilters, page: number, pageSize: number];
const listOptions = { placeholderData: keepPreviousData, staleTime: 0 } as const;

export function useDrawingLogs(...args: ListArgs) {
  const [admin, filters, page, pageSize] = args;
  return useQuery({
    queryKey: taskKeys.drawings(...args),
    queryFn: ({ signal }) => fetchDrawings(filters, page, pageSize, admin, signal),
    ...listOptions,
  });
}

export function useTaskLogs(...args: ListArgs) {
  const [admin, filters, page, pageSize] = args;
  return useQuery({
    queryKey: taskKeys.tasks(...args),
    queryFn: ({ signal }) => fetchTasks(filters, page, pageSize, admin, signal),
    ...listOptions,
  });
}
