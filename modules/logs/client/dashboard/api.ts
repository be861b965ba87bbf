// Typed calls of the dashboard page: /api/data (admin), /api/data/users (admin), /api/data/self.
import { apiData } from "@/lib/client/api";
import type { QuotaDataAnswer } from "@/app/api/data/route";
import type { SelfQuotaDataAnswer } from "@/app/api/data/self/route";
import type { UserQuotaDataAnswer } from "@/app/api/data/users/route";

/** all: every user per model (admin); users: per user (admin); self: the caller's own. */
export type DashboardView = "all" | "users" | "self";
export type DashboardQuery = { start: number; end: number; username: string };

const params = (q: DashboardQuery, withUsername: boolean) => ({
  start_timestamp: q.start,
  end_timestamp: q.end,
  ...(withUsername ? { username: q.username.trim() } : {}),
});

export function fetchQuotaData(view: DashboardView, q: DashboardQuery, signal?: AbortSignal) {
  if (view === "users") return apiData<UserQuotaDataAnswer>("/api/data/users", { signal, query: params(q, true) });
  if (view === "all") return apiData<QuotaDataAnswer>("/api/data/", { signal, query: params(q, true) });
  return apiData<SelfQuotaDataAnswer>("/api/data/self", { signal, query: params(q, false) });
}
