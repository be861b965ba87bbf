// Typed calls of the settings page.
import { apiData, apiFetch } from "@/lib/client/api";
import type { ModelMapping } from "@/modules/settings/model-mapping";
import type { PresetRatios, PresetSource } from "@/modules/pricing/client";

/** GET /api/option/ entry; secrets come without their value, with is_set. */
export type OptionEntry = { key: string; value: string; secret?: boolean; is_set?: boolean };

export type OptionsSnapshot = {
  values: Record<string, string>;
  /** Secret keys → whether a value is stored. */
  secrets: Record<string, boolean>;
};

export async function fetchOptions(signal?: AbortSignal): Promise<OptionsSnapshot> {
  const list = await apiData<OptionEntry[]>("/api/option/", { signal });
  const snapshot: OptionsSnapshot = { values: {}, secrets: {} };
  for (const e of list) {
    snapshot.values[e.key] = e.value;
    if (e.secret) snapshot.secrets[e.key] = !!e.is_set;
  }
  return snapshot;
}

/** PUT /api/option/ for one key (one call per changed key). */
export const putOption = (key: string, value: string) =>
  apiFetch<null>("/api/option/", { method: "PUT", body: { key, value } });

export const resetModelRatio = () => apiFetch<null>("/api/option/rest_model_ratio", { method: "POST" });

export const fetchModelMapping = (signal?: AbortSignal) =>
  apiData<{ mapping: ModelMapping }>("/api/model_mapping/", { signal }).then((d) => d.mapping ?? {});

export const putModelMapping = (mapping: ModelMapping) =>
  apiData<{ mapping: ModelMapping }>("/api/model_mapping/", { method: "PUT", body: { mapping } }).then(
    (d) => d.mapping,
  );

export const reloadModelMapping = () =>
  apiData<{ mapping: ModelMapping }>("/api/model_mapping/reload", { method: "POST" }).then((d) => d.mapping);

export const fetchEnabledModels = (signal?: AbortSignal) =>
  apiData<string[]>("/api/channel/models_enabled", { signal });

/** GET /api/option/preset_ratios: the public preset ratio files, fetched by the server (not saved). */
export const fetchPresetRatios = (source: PresetSource) =>
  apiData<PresetRatios>("/api/option/preset_ratios", { query: { source } });
