// Typed calls of the settings page.
import { apiData, apiFetch } from "@/lib/client/api";
import type { ModelMapping } from "@/modules/settings/model-mapping";
import type { ListOptionsAnswer } from "@/app/api/option/route";
import type { GetModelMappingAnswer, PutModelMappingAnswer } from "@/app/api/model_mapping/route";
import type { ReloadModelMappingAnswer } from "@/app/api/model_mapping/reload/route";
import type { PresetRatiosAnswer } from "@/app/api/option/preset_ratios/route";
import type { EnabledModelsAnswer } from "@/app/api/channel/models_enabled/route";
import type { PresetSource } from "@/modules/pricing/client";

/** GET /api/option/ entry; secrets come without their value, with is_set. */
export type OptionEntry = ListOptionsAnswer[number];

export type OptionsSnapshot = {
  values: Record<string, string>;
  /** Secret keys → whether a value is stored. */
  secrets: Record<string, boolean>;
};

export async function fetchOptions(signal?: AbortSignal): Promise<OptionsSnapshot> {
  const list = await apiData<ListOptionsAnswer>("/api/option/", { signal });
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
  apiData<GetModelMappingAnswer>("/api/model_mapping/", { signal }).then((d) => d.mapping ?? {});

export const putModelMapping = (mapping: ModelMapping) =>
  apiData<PutModelMappingAnswer>("/api/model_mapping/", { method: "PUT", body: { mapping } }).then((d) => d.mapping);

export const reloadModelMapping = () =>
  apiData<ReloadModelMappingAnswer>("/api/model_mapping/reload", { method: "POST" }).then((d) => d.mapping);

export const fetchEnabledModels = (signal?: AbortSignal) =>
  apiData<EnabledModelsAnswer>("/api/channel/models_enabled", { signal });

/** GET /api/option/preset_ratios: the public preset ratio files, fetched by the server (not saved). */
export const fetchPresetRatios = (source: PresetSource) =>
  apiData<PresetRatiosAnswer>("/api/option/preset_ratios", { query: { source } });
