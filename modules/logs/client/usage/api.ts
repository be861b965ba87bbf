// Typed calls of the usage-logs page.
import { apiData } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";

export type LogItem = {
  id: number;
  created_at: number;
  type: number;
  content: string;
  user_id: number;
  username: string;
  token_name: string;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  use_time: number;
  is_stream: boolean;
  group: string;
  client_ip: string;
  request_id: string;
  other: string;
  channel?: number;
  channel_name?: string;
};

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
export type LogStat = { quota: number; rpm: number; tpm: number };

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
  return apiData<PageResult<LogItem>>(admin ? "/api/log/" : "/api/log/self/", {
    signal,
    query: { p: page, page_size: pageSize, ...query(f, admin) },
  });
}

export function fetchLogStat(f: LogFilters, admin: boolean, signal?: AbortSignal) {
  return apiData<LogStat>(admin ? "/api/log/stat" : "/api/log/self/stat", { signal, query: query(f, admin) });
}

export type UserInfo = {
  id: number;
  username: string;
  display_name: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  email: string;
};
export const fetchUserInfo = (id: number, signal?: AbortSignal) => apiData<UserInfo>(`/api/user/${id}`, { signal });

/** DELETE /api/log/?target_timestamp= (root): removes every log created before that unix time; answers the count. */
export const deleteLogsBefore = (targetTimestamp: number) =>
  apiData<number>("/api/log/", { method: "DELETE", query: { target_timestamp: targetTimestamp } });
