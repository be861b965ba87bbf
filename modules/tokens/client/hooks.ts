"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import {
  createToken,
  deleteToken,
  fetchSelfGroups,
  fetchSelfModels,
  fetchToken,
  fetchTokens,
  setTokenStatus,
  updateToken,
  type TokenFilters,
} from "@/modules/tokens/client/api";
import { tokenKeys } from "@/modules/tokens/client/keys";
import type { CreateTokenInput } from "@/modules/tokens/schemas";

export function useTokens(filters: TokenFilters) {
  return useQuery({
    queryKey: tokenKeys.list(filters),
    queryFn: ({ signal }) => fetchTokens(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useToken(id: number | null) {
  return useQuery({
    queryKey: tokenKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchToken(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSelfGroups() {
  return useQuery({ queryKey: tokenKeys.selfGroups(), queryFn: ({ signal }) => fetchSelfGroups(signal) });
}

export function useSelfModels() {
  return useQuery({ queryKey: tokenKeys.selfModels(), queryFn: ({ signal }) => fetchSelfModels(signal) });
}

function useInvalidateTokens() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tokenKeys.all });
}

/** Creates `inputs` one after another (batch creation); resolves with the number created. */
export function useCreateTokens() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: async (inputs: CreateTokenInput[]) => {
      let created = 0;
      try {
        for (const input of inputs) {
          await createToken(input);
          created++;
        }
      } finally {
        if (created > 0) void invalidate();
      }
      return created;
    },
  });
}

export function useUpdateToken() {
  const invalidate = useInvalidateTokens();
  return useMutation({ mutationFn: updateToken, meta: UPDATE_FAILED, onSuccess: () => invalidate() });
}

export function useSetTokenStatus() {
  const invalidate = useInvalidateTokens();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => setTokenStatus(id, status),
    meta: UPDATE_FAILED,
    onSuccess: () => invalidate(),
  });
}

export function useDeleteToken() {
  const invalidate = useInvalidateTokens();
  return useMutation({ mutationFn: deleteToken, onSuccess: () => invalidate() });
}
