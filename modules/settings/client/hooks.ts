"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  fetchEnabledModels,
  fetchModelMapping,
  fetchOptions,
  putModelMapping,
  putOption,
  reloadModelMapping,
  resetModelRatio,
} from "@/modules/settings/client/api";
import { settingsKeys } from "@/modules/settings/client/keys";
import { saveOrder } from "@/modules/settings/client/save-order";
import type { ModelMapping } from "@/modules/settings/model-mapping";

/** All options; load errors are shown by the page (刷新失败), not by the global toast. */
export function useOptions() {
  return useQuery({
    queryKey: settingsKeys.options(),
    queryFn: ({ signal }) => fetchOptions(signal),
    staleTime: 0,
    meta: { silent: true },
  });
}

export type SaveResult = { saved: string[]; failed: { key: string; error: unknown }[] };

/**
 * PUTs each changed key in its own call, one after the other in saveOrder: the server
 * checks each against what the earlier ones stored (a switch after what it needs). A failed key does
 * not stop the others; failures are reported (部分保存失败), not thrown.
 */
export function useSaveOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Record<string, string>): Promise<SaveResult> => {
      const result: SaveResult = { saved: [], failed: [] };
      for (const key of saveOrder(Object.keys(changes), changes)) {
        try {
          await putOption(key, changes[key]!);
          result.saved.push(key);
        } catch (error) {
          result.failed.push({ key, error });
        }
      }
      return result;
    },
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.options() }),
  });
}

export function useResetModelRatio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetModelRatio,
    meta: { silent: true },
    onSettled: () => client.invalidateQueries({ queryKey: settingsKeys.options() }),
  });
}

export function useModelMapping() {
  return useQuery({
    queryKey: settingsKeys.modelMapping(),
    queryFn: ({ signal }) => fetchModelMapping(signal),
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useSaveModelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mapping: ModelMapping) => putModelMapping(mapping),
    meta: { silent: true },
    onSuccess: (mapping) => client.setQueryData(settingsKeys.modelMapping(), mapping),
  });
}

export function useReloadModelMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reloadModelMapping,
    meta: { silent: true },
    onSuccess: (mapping) => {
      client.setQueryData(settingsKeys.modelMapping(), mapping);
      void client.invalidateQueries({ queryKey: settingsKeys.options() });
    },
  });
}

export function useEnabledModels() {
  return useQuery({
    queryKey: settingsKeys.enabledModels(),
    queryFn: ({ signal }) => fetchEnabledModels(signal),
    meta: { silent: true },
  });
}
