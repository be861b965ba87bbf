"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEntity, usePagedList, useRefreshingMutation } from "@/lib/client/entity-queries";
import { UPDATE_FAILED } from "@/lib/client/describe-error";
import {
  createToken,
  deleteToken,
  fetchToken,
  fetchTokens,
  setTokenStatus,
  updateToken,
  type TokenFilters,
} from "@/modules/tokens/client/api";
import { tokenKeys } from "@/modules/tokens/client/keys";
import type { CreateTokenInput } from "@/modules/tokens/schemas";

export const useTokens = (filters: TokenFilters) =>
  usePagedList(tokenKeys.list(filters), (signal) => fetchTokens(filters, signal));

export const useToken = (id: number | null) => useEntity(id, tokenKeys.detail, fetchToken);

/** Creates `inputs` one after another (batch creation); resolves with the number created. */
export function useCreateTokens() {
  const client = useQueryClient();
  const invalidate = () => client.invalidateQueries({ queryKey: tokenKeys.all });
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

export const useUpdateToken = () => useRefreshingMutation(tokenKeys.all, updateToken, { meta: UPDATE_FAILED });

export const useSetTokenStatus = () =>
  useRefreshingMutation(tokenKeys.all, ({ id, status }: { id: number; status: number }) => setTokenStatus(id, status), {
    meta: UPDATE_FAILED,
  });

export const useDeleteToken = () => useRefreshingMutation(tokenKeys.all, deleteToken);
