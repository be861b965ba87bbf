// Usage-log filters, shared by /api/log routes and the logs page.
import { z } from "zod";
import { pageQuerySchema } from "@/lib/schemas/pagination";

const optionalInt = z.coerce.number().int().min(0).optional().catch(undefined);

export const logFilterSchema = z.object({
  type: z.coerce.number().int().min(0).max(7).default(0),
  username: z.string().trim().max(64).default(""),
  token_name: z.string().trim().max(64).default(""),
  model_name: z.string().trim().max(200).default(""),
  group: z.string().trim().max(64).default(""),
  channel: optionalInt,
  start_timestamp: optionalInt,
  end_timestamp: optionalInt,
});
export type LogFilter = z.infer<typeof logFilterSchema>;

export const logListQuerySchema = pageQuerySchema.extend(logFilterSchema.shape);
export type LogListQuery = z.infer<typeof logListQuerySchema>;

/** DELETE /api/log/: logs created before this unix time (seconds) are removed. */
export const logCleanupQuerySchema = z.object({
  target_timestamp: z.coerce
    .number({ error: "log_target_timestamp_invalid" })
    .int("log_target_timestamp_invalid")
    .positive("log_target_timestamp_invalid"),
});
