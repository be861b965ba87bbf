import "server-only";

// Preset model ratios from the public assets host: {base}/{variant}/prompt.json and
// completion.json; the legacy variant has only {base}/completion.json. Fetched through the outbound
// guard (root sets PresetRatioBaseUrl); nothing is saved here — the admin reviews the filled values
// and saves them like any edit. Any failure is 获取预设倍率失败，请重试 and the UI falls back to the
// bundled table.
import { AppError } from "@/lib/server/http/app-error";
import { fetchPublicJson } from "@/lib/server/net/public-json";
import { getOption } from "@/lib/server/options/store";
import type { PresetRatios, PresetSource } from "@/modules/pricing/ratios/preset-ratios";

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 2 * 1024 * 1024;
const MAX_MODELS = 20_000;

/** A {model: ratio} object with finite non-negative numbers; other entries are dropped. */
function ratioMap(json: unknown): Record<string, number> {
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error("not an object");
  const out: Record<string, number> = {};
  let n = 0;
  for (const [model, value] of Object.entries(json as Record<string, unknown>)) {
    if (n >= MAX_MODELS) break;
    const name = model.trim();
    if (!name || name.length > 200 || typeof value !== "number" || !Number.isFinite(value) || value < 0) continue;
    out[name] = value;
    n++;
  }
  return out;
}

export async function fetchPresetRatios(source: PresetSource): Promise<PresetRatios> {
  const base = (await getOption("PresetRatioBaseUrl")).trim().replace(/\/+$/, "");
  if (!base) throw new AppError("outside_unreachable", "preset_ratio_fetch_failed");
  const opts = { maxBytes: MAX_BYTES, timeoutMs: TIMEOUT_MS };
  try {
    if (source === "legacy") {
      const completion = ratioMap(await fetchPublicJson(`${base}/completion.json`, opts));
      return { source, model_ratio: {}, completion_ratio: completion };
    }
    const [prompt, completion] = await Promise.all([
      fetchPublicJson(`${base}/${source}/prompt.json`, opts),
      fetchPublicJson(`${base}/${source}/completion.json`, opts),
    ]);
    return { source, model_ratio: ratioMap(prompt), completion_ratio: ratioMap(completion) };
  } catch {
    throw new AppError("outside_unreachable", "preset_ratio_fetch_failed");
  }
}
