"use client";

import { usePagedList } from "@/lib/client/entity-queries";
import { fetchDrawings, fetchTasks, type TaskFilters } from "@/modules/logs/client/tasks/api";
import { taskKeys } from "@/modules/logs/client/tasks/keys";

type ListArgs = [admin: boolean, filters: TaskFilters, page: number, pageSize: number];

export function useDrawingLogs(...args: ListArgs) {
  const [admin, filters, page, pageSize] = args;
  return usePagedList(taskKeys.drawings(...args), (signal) => fetchDrawings(filters, page, pageSize, admin, signal), {
    fresh: true,
  });
}

export function useTaskLogs(...args: ListArgs) {
  const [admin, filters, page, pageSize] = args;
  return usePagedList(taskKeys.tasks(...args), (signal) => fetchTasks(filters, page, pageSize, admin, signal), {
    fresh: true,
  });
}
