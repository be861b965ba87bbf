import "server-only";

// Per-call price of a task model, pure so unit tests can cover it.
import { priceModel, type PriceTable } from "@/lib/server/ledger/pricing";
import { ownValue } from "@/lib/own-keys";

/** new-api's built-in per-call prices (USD) for task models without a ModelPrice entry. */
export const DEFAULT_TASK_PRICES: Record<string, number> = {
  mj_imagine: 0.1,
  mj_variation: 0.1,
  mj_reroll: 0.1,
  mj_blend: 0.1,
  mj_modal: 0.1,
  mj_zoom: 0.1,
  mj_shorten: 0.1,
  mj_high_variation: 0.1,
  mj_low_variation: 0.1,
  mj_pan: 0.1,
  mj_inpaint: 0,
  mj_custom_zoom: 0,
  mj_describe: 0.05,
  mj_upscale: 0.05,
  swap_face: 0.05,
  mj_upload: 0.05,
  mj_video: 0.8,
  mj_edits: 0.1,
  suno_music: 0.1,
  suno_lyrics: 0.01,
  // Video models: per task, times seconds and the resolution factor where the vendor bills so.
  "sora-2": 0.3,
  "sora-2-pro": 0.5,
  "veo-3.0-generate-001": 0.4,
  "veo-3.0-fast-generate-001": 0.15,
  "veo-3.1-generate-preview": 0.4,
  "veo-3.1-fast-generate-preview": 0.15,
};

export type TaskPrice = {
  price: number;
  groupRatio: number;
  quota: number;
  source: "price" | "ratio" | "default";
  /** Multipliers applied to the price (video seconds and resolution), as new-api's OtherRatios. */
  ratios?: Record<string, number>;
};

/**
 * Price of one call: ModelPrice, else ModelRatio / 2 (a ratio-only model), else the built-in
 * default, else the fallback / self-use pricing; null when the model is not priced at all.
 * Explicit admin settings win over the built-in defaults.
 */
export function taskPrice(table: PriceTable, model: string, group: string, acceptUnset: boolean): TaskPrice | null {
  const own = ownValue(table.groupRatio, group);
  const groupRatio = typeof own === "number" && Number.isFinite(own) ? own : 1;
  const make = (price: number, source: TaskPrice["source"]): TaskPrice => ({
    price,
    groupRatio,
    source,
    quota: Math.round(price * table.quotaPerUnit * groupRatio),
  });
  const price = ownValue(table.modelPrice, model);
  if (typeof price === "number" && price >= 0) return make(price, "price");
  const ratio = ownValue(table.modelRatio, model);
  if (typeof ratio === "number" && ratio >= 0) return make(ratio / 2, "ratio");
  const builtIn = ownValue(DEFAULT_TASK_PRICES, model);
  if (builtIn !== undefined) return make(builtIn, "default");
  const p = priceModel(table, model, group, acceptUnset);
  if (!p) return null;
  return make(p.mode === "price" ? p.price : p.modelRatio / 2, p.mode === "price" ? "price" : "ratio");
}
