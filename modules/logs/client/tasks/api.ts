// Typed calls of the drawing-log and task-log pages. The console uses
// the page answer (page_size given, p 1-based); see app/api/mj/route.ts for the spec's array variant.
import { apiData } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";

export type DrawingItem = {
  id: number;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  video_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  quota: number;
  buttons: string;
  properties: string;
  channel_id?: number;
};

export type TaskItem = {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  group: string;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  data: unknown;
  channel_id?: number;
  properties?: string;
};

/** Filters as sent: timestamps in the list's unit (ms for drawings, s for tasks), 0 = unbounded. */
export type TaskFilters = { channel_id: string; task_id: string; start_timestamp: number; end_timestamp: number };

function query(f: TaskFilters, admin: boolean, idParam: "mj_id" | "task_id", page: number, pageSize: number) {
  return {
    p: page,
    page_size: pageSize,
    [idParam]: f.task_id.trim(),
    start_timestamp: f.start_timestamp || undefined,
    end_timestamp: f.end_timestamp || undefined,
    ...(admin ? { channel_id: f.channel_id.trim() } : {}),
  };
}

export function fetchDrawings(f: TaskFilters, page: number, pageSize: number, admin: boolean, signal?: AbortSignal) {
  return apiData<PageResult<DrawingItem>>(admin ? "/api/mj" : "/api/mj/self", {
    signal,
    query: query(f, admin, "mj_id", page, pageSize),
  });
}

export function fetchTasks(f: TaskFilters, page: number, pageSize: number, admin: boolean, signal?: AbortSignal) {
  return apiData<PageResult<TaskItem>>(admin ? "/api/task" : "/api/task/self", {
    signal,
    query: query(f, admin, "task_id", page, pageSize),
  });
}
