// The preset ratio sources of the public assets host: shared by the route's query schema
// and the unset-models tab's source picker.
import { z } from "zod";

export const PRESET_SOURCES = ["flexible", "openrouter", "mixed", "legacy"] as const;
export type PresetSource = (typeof PRESET_SOURCES)[number];

export const presetRatioQuery = z.object({ source: z.enum(PRESET_SOURCES).default("flexible") });

export type PresetRatios = {
  source: PresetSource;
  model_ratio: Record<string, number>;
  completion_ratio: Record<string, number>;
};
