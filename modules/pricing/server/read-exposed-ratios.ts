import "server-only";

// Our four price maps as new-api exposes them (GET /api/ratio_config, and the "current" side of the
// price sync): {model_ratio, completion_ratio, cache_ratio, model_price}, finite numbers only.
import { getOptions, parseJsonOption } from "@/lib/server/options/store";
import { RATIO_OPTION, RATIO_TYPES, type RatioMaps } from "@/modules/pricing/ratios/ratio-sync";

function numbersOf(text: string | undefined): Record<string, number> {
  const parsed = parseJsonOption<unknown>(text || "{}", {});
  const out = Object.create(null) as Record<string, number>;
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return out;
  for (const [name, v] of Object.entries(parsed)) if (typeof v === "number" && Number.isFinite(v)) out[name] = v;
  return out;
}

export async function readExposedRatios(): Promise<RatioMaps> {
  const options = await getOptions();
  const maps = {} as RatioMaps;
  for (const type of RATIO_TYPES) maps[type] = numbersOf(options.get(RATIO_OPTION[type]));
  return maps;
}
