// Dashboard data (the dashboard entry of the side navigation): the hourly usage
// aggregate (quota_data) queried by time range, shared by the /api/data routes and the page.
import { z } from "zod";

/** GET /api/data/self refuses ranges longer than this (new-api: 2 592 000 s, 30 days). */
export const SELF_MAX_SPAN_SECONDS = 2_592_000;
/** A grouped answer larger than this is refused: narrow the range (keeps one answer a few MB). */
export const DATA_MAX_ROWS = 50_000;

// Like new-api's ParseInt: a missing or malformed bound reads as 0; a missing end is "now".
const bound = z.coerce.number().int().min(0).optional().catch(undefined);

export const dataQuerySchema = z.object({
  start_timestamp: bound,
  end_timestamp: bound,
  username: z.string().trim().max(64).default("").catch(""),
});
export type DataQuery = z.infer<typeof dataQuerySchema>;

/** One hour of one model (and, for the per-user answers, one user). */
export type QuotaDataRow = {
  model_name: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
  username?: string;
};

/** One hour of one user (GET /api/data/users). */
export type UserQuotaDataRow = {
  username: string;
  created_at: number;
  count: number;
  quota: number;
  token_used: number;
};

export type DataExportDefaultTime = "hour" | "day" | "week";
export const GRANULARITIES = ["hour", "day", "week"] as const satisfies readonly DataExportDefaultTime[];
export type Granularity = (typeof GRANULARITIES)[number];
