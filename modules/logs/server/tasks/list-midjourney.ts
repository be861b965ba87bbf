import "server-only";

// GET /api/mj/ (admin, everyone's drawing tasks) and /api/mj/self/ (the caller's), newest first.
import type { MjListQuery } from "@/modules/logs/schemas/task";
import { db } from "@/lib/server/db";
import { toMidjourneyDto } from "@/modules/logs/server/dto/task";
import { getBoolOption, getOption } from "@/lib/server/options/store";
import { pagedTaskRows, taskPaging } from "@/modules/logs/server/tasks/task-paging";
import { mjWhere, type TaskScope } from "@/modules/logs/server/tasks/task-where";

export async function listMidjourney(query: MjListQuery, scope: TaskScope) {
  const where = mjWhere(query, scope);
  const forwardBase = (await getBoolOption("MjForwardUrlEnabled")) ? await getOption("ServerAddress") : undefined;
  const view = { admin: "admin" in scope, forwardBase };
  return pagedTaskRows(
    taskPaging(query),
    (window) => db().midjourney.findMany({ where, orderBy: { id: "desc" }, ...window }),
    () => db().midjourney.count({ where }),
    (row) => toMidjourneyDto(row, view),
  );
}
