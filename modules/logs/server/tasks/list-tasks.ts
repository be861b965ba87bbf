import "server-only";

// GET /api/task/ (admin, everyone's task records) and /api/task/self (the caller's), newest first.
import type { TaskListQuery } from "@/modules/logs/schemas/task";
import { db } from "@/lib/server/db";
import { toTaskDto } from "@/modules/logs/server/dto/task";
import { pagedTaskRows, taskPaging } from "@/modules/logs/server/tasks/task-paging";
import { taskWhere, type TaskScope } from "@/modules/logs/server/tasks/task-where";

export async function listTasks(query: TaskListQuery, scope: TaskScope) {
  const where = taskWhere(query, scope);
  const view = { admin: "admin" in scope };
  return pagedTaskRows(
    taskPaging(query),
    (window) => db().task.findMany({ where, orderBy: { id: "desc" }, ...window }),
    () => db().task.count({ where }),
    (row) => toTaskDto(row, view),
  );
}
