// "Fill from public defaults" of the unset-models tab (issue 22 A1): the preset
// ratio files of the chosen variant, fetched by our server from the public assets host; when that
// fails (offline, refused, bad file) the table bundled with the app is the fallback. The outcome
// says which source was used so the admin is told.
import {
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from "@/modules/pricing/ratios/default-ratios";
import { fillFromDefaults, type PricingMaps } from "@/modules/pricing/ratios/pricing-editor";
import type { PresetRatios, PresetSource } from "@/modules/pricing/ratios/preset-ratios";

const BUNDLED = {
  ModelRatio: DEFAULT_MODEL_RATIO,
  CompletionRatio: DEFAULT_COMPLETION_RATIO,
  ModelPrice: DEFAULT_MODEL_PRICE,
};

export type PresetFillOutcome =
  /** Filled from the fetched preset files. */
  | { kind: "preset"; source: PresetSource; maps: PricingMaps; filled: string[] }
  /** The preset files came, but have none of the models. */
  | { kind: "preset_none"; source: PresetSource }
  /** Fetching failed; filled from the bundled table instead. */
  | { kind: "bundled"; maps: PricingMaps; filled: string[] }
  /** Fetching failed and the bundled table has none of the models either. */
  | { kind: "failed" };

export async function fillFromPreset(
  maps: PricingMaps,
  targets: readonly string[],
  source: PresetSource,
  fetchPreset: (source: PresetSource) => Promise<PresetRatios>,
): Promise<PresetFillOutcome> {
  let preset: PresetRatios | null = null;
  try {
    preset = await fetchPreset(source);
  } catch {
    preset = null;
  }
  if (preset) {
    // Legacy has completion ratios only: a model needs its ratio, so legacy fills ratios from the
    // bundled table and takes the completion ratio from the preset when it has one.
    const ratios = source === "legacy" ? { ...DEFAULT_MODEL_RATIO, ...preset.model_ratio } : preset.model_ratio;
    const completion = { ...(source === "legacy" ? DEFAULT_COMPLETION_RATIO : {}), ...preset.completion_ratio };
    const { maps: next, filled } = fillFromDefaults(maps, targets, {
      ModelRatio: ratios,
      CompletionRatio: completion,
      ModelPrice: {},
    });
    return filled.length ? { kind: "preset", source, maps: next, filled } : { kind: "preset_none", source };
  }
  const { maps: next, filled } = fillFromDefaults(maps, targets, BUNDLED);
  return filled.length ? { kind: "bundled", maps: next, filled } : { kind: "failed" };
}
