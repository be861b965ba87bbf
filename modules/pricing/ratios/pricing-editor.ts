// Pure rules of the model pricing editors:
// price ⇄ ratio conversion, row validation, and how a row,
// a batch or the public defaults are written into the ModelPrice / ModelRatio / CompletionRatio maps.
import { ownValue, setOwn } from "@/lib/own-keys";

export type PriceMap = Record<string, number>;
export type PricingMaps = { ModelPrice: PriceMap; ModelRatio: PriceMap; CompletionRatio: PriceMap };

/** One model in the visual editor: a fixed per-request price, or a ratio (+ completion ratio). */
export type PricingRow = { name: string; price?: number; ratio?: number; completionRatio?: number };

/** Rounds away float noise (0.1 × 3 → 0.3), keeping 12 significant digits. */
export function tidy(n: number): number {
  return Number(n.toPrecision(12));
}

/** Input price per 1M tokens ÷ 2 = ratio. */
export const ratioFromInputPrice = (pricePer1M: number): number => tidy(pricePer1M / 2);
/** Price per 1M tokens = ratio × 2. */
export const inputPriceFromRatio = (ratio: number): number => tidy(ratio * 2);
/** Completion ratio = output price ÷ input price (null when the input price is 0). */
export const completionRatioFromPrices = (input: number, output: number): number | null =>
  input > 0 ? tidy(output / input) : null;
export const outputPriceFromRatios = (ratio: number, completionRatio: number): number =>
  tidy(ratio * 2 * completionRatio);

export function rowsFromMaps(maps: PricingMaps): PricingRow[] {
  const names = new Set([...Object.keys(maps.ModelPrice), ...Object.keys(maps.ModelRatio)]);
  for (const n of Object.keys(maps.CompletionRatio)) names.add(n);
  return [...names].sort().map((name) => ({
    name,
    price: ownValue(maps.ModelPrice, name),
    ratio: ownValue(maps.ModelRatio, name),
    completionRatio: ownValue(maps.CompletionRatio, name),
  }));
}

/** What the add/edit dialog holds (numbers as typed). */
export type RowDraft = {
  name: string;
  mode: "per_token" | "per_request";
  /** Per-token entry: ratios directly, or prices per 1M tokens converted to ratios. */
  tokenInput: "ratio" | "price";
  price: string;
  ratio: string;
  completionRatio: string;
  inputPrice: string;
  outputPrice: string;
};

export type RowProblemId = "name_required" | "name_exists" | "not_number" | "price_zero" | "ratio_required";

const isNumber = (s: string): boolean => s.trim() !== "" && Number.isFinite(Number(s)) && Number(s) >= 0;

export function draftFromRow(row: PricingRow | null): RowDraft {
  const ratio = row?.ratio;
  const completion = row?.completionRatio;
  return {
    name: row?.name ?? "",
    mode: row?.price !== undefined ? "per_request" : "per_token",
    tokenInput: "ratio",
    price: row?.price !== undefined ? String(row.price) : "",
    ratio: ratio !== undefined ? String(ratio) : "",
    completionRatio: completion !== undefined ? String(completion) : "",
    inputPrice: ratio !== undefined ? String(inputPriceFromRatio(ratio)) : "",
    outputPrice:
      ratio !== undefined && completion !== undefined ? String(outputPriceFromRatios(ratio, completion)) : "",
  };
}

/** 请输入数字 / 模型名称已存在 / 模型价格不能为0. */
export function checkRowDraft(
  draft: RowDraft,
  existing: readonly string[],
  originalName?: string,
): RowProblemId | null {
  const name = draft.name.trim();
  if (!name) return "name_required";
  if (name !== originalName && existing.includes(name)) return "name_exists";
  if (draft.mode === "per_request") {
    if (!isNumber(draft.price)) return "not_number";
    if (Number(draft.price) === 0) return "price_zero";
    return null;
  }
  const [a, b] =
    draft.tokenInput === "ratio" ? [draft.ratio, draft.completionRatio] : [draft.inputPrice, draft.outputPrice];
  if (a.trim() === "") return "ratio_required";
  if (!isNumber(a) || (b.trim() !== "" && !isNumber(b))) return "not_number";
  return null;
}

/** The row a valid draft stands for (per-token prices converted to ratios). */
export function rowFromDraft(d: RowDraft): PricingRow {
  const name = d.name.trim();
  if (d.mode === "per_request") return { name, price: Number(d.price) };
  if (d.tokenInput === "ratio") {
    return {
      name,
      ratio: Number(d.ratio),
      completionRatio: d.completionRatio.trim() ? Number(d.completionRatio) : undefined,
    };
  }
  const input = Number(d.inputPrice);
  const completion = d.outputPrice.trim() ? completionRatioFromPrices(input, Number(d.outputPrice)) : null;
  return { name, ratio: ratioFromInputPrice(input), completionRatio: completion ?? undefined };
}

function without(map: PriceMap, name: string | undefined): PriceMap {
  if (name === undefined || !Object.hasOwn(map, name)) return { ...map };
  const { [name]: _drop, ...rest } = map;
  void _drop;
  return rest;
}

export function removeRow(maps: PricingMaps, name: string): PricingMaps {
  return {
    ModelPrice: without(maps.ModelPrice, name),
    ModelRatio: without(maps.ModelRatio, name),
    CompletionRatio: without(maps.CompletionRatio, name),
  };
}

/** Writes a row (replacing originalName when renamed). A fixed price clears the ratios and back. */
export function applyRow(maps: PricingMaps, row: PricingRow, originalName?: string): PricingMaps {
  const next = removeRow(removeRow(maps, row.name), originalName ?? row.name);
  // Model names are admin-chosen keys: "__proto__" is a model like any other (lib/own-keys.ts).
  if (row.price !== undefined) setOwn(next.ModelPrice, row.name, row.price);
  else {
    if (row.ratio !== undefined) setOwn(next.ModelRatio, row.name, row.ratio);
    if (row.completionRatio !== undefined) setOwn(next.CompletionRatio, row.name, row.completionRatio);
  }
  return next;
}

/** Enabled models with neither a fixed price nor a ratio. */
export function unsetModels(enabled: readonly string[], maps: PricingMaps): string[] {
  return [...new Set(enabled)]
    .filter((m) => !Object.hasOwn(maps.ModelPrice, m) && !Object.hasOwn(maps.ModelRatio, m))
    .sort();
}

export type BatchValues = { mode: "price" | "ratio"; price: string; ratio: string; completionRatio: string };
export type BatchProblemId = "select_models" | "fill_value" | "valid_number" | "ratio_pair";

/** 请先选择需要批量设置的模型 / 请输入填充值 / 请输入有效的数字 / 请输入模型倍率和补全倍率. */
export function checkBatch(selected: readonly string[], v: BatchValues): BatchProblemId | null {
  if (selected.length === 0) return "select_models";
  if (v.mode === "price") {
    if (v.price.trim() === "") return "fill_value";
    return isNumber(v.price) ? null : "valid_number";
  }
  if (v.ratio.trim() === "" || v.completionRatio.trim() === "") return "ratio_pair";
  return isNumber(v.ratio) && isNumber(v.completionRatio) ? null : "valid_number";
}

export function applyBatch(maps: PricingMaps, names: readonly string[], v: BatchValues): PricingMaps {
  let next = maps;
  for (const name of names) {
    next = applyRow(
      next,
      v.mode === "price"
        ? { name, price: Number(v.price) }
        : { name, ratio: Number(v.ratio), completionRatio: Number(v.completionRatio) },
    );
  }
  return next;
}

export type DefaultPrices = {
  ModelRatio: Readonly<PriceMap>;
  CompletionRatio: Readonly<PriceMap>;
  ModelPrice: Readonly<PriceMap>;
};

/** Fills the named models from the public defaults; answers the new maps and the models filled. */
export function fillFromDefaults(
  maps: PricingMaps,
  names: readonly string[],
  defaults: DefaultPrices,
): { maps: PricingMaps; filled: string[] } {
  let next = maps;
  const filled: string[] = [];
  for (const name of names) {
    const price = ownValue(defaults.ModelPrice, name);
    const ratio = ownValue(defaults.ModelRatio, name);
    if (price !== undefined) next = applyRow(next, { name, price });
    else if (ratio !== undefined)
      next = applyRow(next, { name, ratio, completionRatio: ownValue(defaults.CompletionRatio, name) });
    else continue;
    filled.push(name);
  }
  return { maps: next, filled };
}
