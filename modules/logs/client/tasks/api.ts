// Typed calls of the drawing-log and task-log pages. The console uses
// the page answer (page_size given, p 1-based); see app/api/mj/route.ts for the spec's array variant.
import { apiData } from "@/lib/client/api";
import type { ListDrawingsAnswer } from "@/app/api/mj/route";
import type { ListSelfDrawingsAnswer } from "@/app/api/mj/self/route";
import type { ListTasksAnswer } from "@/app/api/task/route";
import type { ListSelfTasksAnswer } from "@/app/api/task/self/route";

/** The page form of an answer (page_size given); the spec's array form is not the console's. */
type Paged<A> = Extract<A, { items: unknown }>;

/** A drawing task as GET /api/mj and /api/mj/self list it. */
export type DrawingItem = Paged<ListDrawingsAnswer>["items"][number];

/** A task record as GET /api/task and /api/task/self list it. */
export type TaskItem = Paged<ListTasksAnswer>["items"][number];

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
  return apiData<Paged<ListDrawingsAnswer | ListSelfDrawingsAnswer>>(admin ? "/api/mj" : "/api/mj/self", {
    signal,
    query: query(f, admin, "mj_id", page, pageSize),
  });
}

export function fetchTasks(f: TaskFilters, page: number, pageSize: number, admin: boolean, signal?: AbortSignal) {
  return apiData<Paged<ListTasksAnswer | ListSelfTasksAnswer>>(admin ? "/api/task" : "/api/task/self", {
    signal,
    query: query(f, admin, "task_id", page, pageSize),
  });
}
