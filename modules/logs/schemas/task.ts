// Drawing-task and task-log filters, shared by /api/mj, /api/task
// and the two log pages. Query values arrive as strings; an empty one means "not set".
import { z } from "zod";
import { pageSizeSchema } from "@/lib/schemas/pagination";

/** Rows per page when the caller sends no page_size (new-api's ItemsPerPage of the array answer). */
export const TASK_LEGACY_PAGE_SIZE = 10;
const TASK_ID_MAX = 200;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An optional non-negative integer of at most `digits` digits, refused with `message` otherwise. */
const optionalDigits = (digits: number, message: "task_invalid_timestamp" | "task_invalid_channel_id") =>
  z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(new RegExp(`^\\d{1,${digits}}$`), message)
      .transform(Number)
      .optional(),
  );
/** A unix timestamp (ms for drawing tasks, seconds for task records). */
const timestamp = optionalDigits(16, "task_invalid_timestamp");
const channelId = optionalDigits(10, "task_invalid_channel_id");

const taskId = z.string().trim().max(TASK_ID_MAX, "task_id_too_long").default("");

// Two paging contracts (see app/api/task/route.ts): without page_size, p is a 0-based page of
// TASK_LEGACY_PAGE_SIZE rows; with page_size, p is 1-based (0 read as 1) and the answer is a page.
const paging = {
  p: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(1_000_000).optional()),
  page_size: z.preprocess(blankToUndefined, pageSizeSchema.optional()),
};

type Range = { start_timestamp?: number; end_timestamp?: number };
const rangeInOrder = (q: Range) =>
  q.start_timestamp === undefined || q.end_timestamp === undefined || q.start_timestamp <= q.end_timestamp;
const rangeIssue = { message: "task_invalid_time_range", path: ["end_timestamp"] };

/** The list query of drawing tasks (id key mj_id) or task records (task_id). */
function taskListQuery<K extends "mj_id" | "task_id">(idKey: K) {
  const id = { [idKey]: taskId } as { [P in K]: typeof taskId };
  return z
    .object({ ...paging, channel_id: channelId, ...id, start_timestamp: timestamp, end_timestamp: timestamp })
    .refine((q) => rangeInOrder(q as Range), rangeIssue);
}

export const mjListQuerySchema = taskListQuery("mj_id");
export type MjListQuery = z.infer<typeof mjListQuerySchema>;

export const taskListQuerySchema = taskListQuery("task_id");
export type TaskListQuery = z.infer<typeof taskListQuerySchema>;
