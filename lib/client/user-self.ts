"use client";

// The signed-in user's own scope: GET /api/user/self (balance, group), /api/user/self/groups and
// /api/user/models. The wallet, the account pages, the token drawer and the playground all read them,
// so they live in the shared kit with one query key each: every screen shares one cache entry.
import { useQuery } from "@tanstack/react-query";
import { apiData } from "@/lib/client/api";

export type SelfAccount = {
  id: number;
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
};
export type GroupInfo = { desc: string; ratio: number };

export const selfKeys = {
  self: () => ["user", "self"] as const,
  groups: () => ["user", "self-groups"] as const,
  models: () => ["user", "models"] as const,
};

export const fetchSelf = (signal?: AbortSignal) => apiData<SelfAccount>("/api/user/self", { signal });
export const fetchSelfGroups = (signal?: AbortSignal) =>
  apiData<Record<string, GroupInfo>>("/api/user/self/groups", { signal });
export const fetchSelfModels = (signal?: AbortSignal) => apiData<string[]>("/api/user/models", { signal });

export function useSelfAccount() {
  return useQuery({ queryKey: selfKeys.self(), queryFn: ({ signal }) => fetchSelf(signal), staleTime: 0 });
}

export function useSelfGroups() {
  return useQuery({ queryKey: selfKeys.groups(), queryFn: ({ signal }) => fetchSelfGroups(signal) });
}

export function useSelfModels() {
  return useQuery({ queryKey: selfKeys.models(), queryFn: ({ signal }) => fetchSelfModels(signal) });
}
