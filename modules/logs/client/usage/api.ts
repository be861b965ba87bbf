// Typed calls of the usage-logs page.
import { apiData } from "@/lib/client/api";
import type { DeleteLogsAnswer, ListLogsAnswer } from "@/app/api/log/route";
import type { ListSelfLogsAnswer } from "@/app/api/log/self/route";
import type { LogStatAnswer } from "@/app/api/log/stat/route";
import type { SelfLogStatAnswer } from "@/app/api/log/self/stat/route";
import type { GetUserAnswer } from "@/app/api/user/[id]/route";

/** A log row as GET /api/log/ and /api/log/self/ answer it (one server DTO for both). */
export type LogItem = ListLogsAnswer["items"][number];

export type LogFilters = {
  type: number;
  username: string;
  token_name: string;
  model_name: string;
  group: string;
  channel: string;
  start_timestamp: number;
  end_timestamp: number;
};
export type LogStat = LogStatAnswer;

function query(f: LogFilters, admin: boolean) {
  return {
    type: f.type || undefined,
    token_name: f.token_name.trim(),
    model_name: f.model_name.trim(),
    group: f.group.trim(),
    start_timestamp: f.start_timestamp || undefined,
    end_timestamp: f.end_timestamp || undefined,
    ...(admin ? { username: f.username.trim(), channel: f.channel.trim() } : {}),
  };
}

export function fetchLogs(f: LogFilters, page: number, pageSize: number, admin: boolean, signal?: AbortSignal) {
  return apiData<ListLogsAnswer | ListSelfLogsAnswer>(admin ? "/api/log/" : "/api/log/self/", {
    signal,
    query: { p: page, page_size: pageSize, ...query(f, admin) },
  });
}

export function fetchLogStat(f: LogFilters, admin: boolean, signal?: AbortSignal) {
  return apiData<LogStatAnswer | SelfLogStatAnswer>(admin ? "/api/log/stat" : "/api/log/self/stat", {
    signal,
    query: query(f, admin),
  });
}

/** The user card of a log row: GET /api/user/{id}'s answer. */
export type UserInfo = GetUserAnswer;
export const fetchUserInfo = (id: number, signal?: AbortSignal) =>
  apiData<GetUserAnswer>(`/api/user/${id}`, { signal });

/** DELETE /api/log/?target_timestamp= (root): removes every log created before that unix time; answers the count. */
export const deleteLogsBefore = (targetTimestamp: number) =>
  apiData<DeleteLogsAnswer>("/api/log/", { method: "DELETE", query: { target_timestamp: targetTimestamp } });
