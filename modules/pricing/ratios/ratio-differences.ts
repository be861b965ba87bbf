// What differs between our prices and the upstreams' (new-api's buildDifferences, same rules): a
// model and price type is listed when an upstream has a value we lack, or a value other than ours;
// an upstream whose values all equal ours is left out of every row; a row where every remaining
// upstream says "same" is dropped.
import {
  RATIO_TYPES,
  type DifferenceItem,
  type RatioDifferences,
  type RatioMaps,
  type UpstreamValue,
} from "@/modules/pricing/ratios/ratio-sync";

export type SourceMaps = { name: string; data: Partial<RatioMaps> };

const EPSILON = 1e-9;
const equal = (a: number, b: number) => Math.abs(a - b) < EPSILON;
const has = (m: Record<string, number> | undefined, k: string): m is Record<string, number> =>
  !!m && Object.prototype.hasOwnProperty.call(m, k);

/**
 * A ratio of 37.5 with completion 1 is what an instance's /api/pricing shows for a model it has no
 * price for (the self-use default), not a price: such values are marked as not to be trusted.
 */
function trusted(source: SourceMaps, model: string): boolean {
  const r = source.data.model_ratio;
  const c = source.data.completion_ratio;
  if (!r || !c || !has(r, model) || !has(c, model)) return true;
  return !(r[model] === 37.5 && c[model] === 1);
}

export function ratioDifferences(local: RatioMaps, sources: SourceMaps[]): RatioDifferences {
  const models = new Set<string>();
  for (const type of RATIO_TYPES) {
    for (const m of Object.keys(local[type])) models.add(m);
    for (const s of sources) for (const m of Object.keys(s.data[type] ?? {})) models.add(m);
  }
  const out: RatioDifferences = {};
  for (const model of models) {
    for (const type of RATIO_TYPES) {
      const current = has(local[type], model) ? local[type][model]! : null;
      const upstreams: Record<string, UpstreamValue> = {};
      const confidence: Record<string, boolean> = {};
      let anyUpstream = false;
      let differs = false;
      for (const s of sources) {
        const theirs = s.data[type];
        let value: UpstreamValue = null;
        if (has(theirs, model)) {
          anyUpstream = true;
          value = current !== null && equal(current, theirs[model]!) ? "same" : theirs[model]!;
          if (value !== "same") differs = true;
        } else if (current === null) value = "same";
        upstreams[s.name] = value;
        confidence[s.name] = trusted(s, model);
      }
      if (current !== null ? differs : anyUpstream) (out[model] ??= {})[type] = { current, upstreams, confidence };
    }
  }
  return pruneSameSources(out);
}

/** Drops the upstreams that differ nowhere, then the rows and models left with nothing to show. */
function pruneSameSources(diffs: RatioDifferences): RatioDifferences {
  const differing = new Set<string>();
  for (const row of Object.values(diffs))
    for (const item of Object.values(row))
      for (const [name, v] of Object.entries(item!.upstreams)) if (v !== null && v !== "same") differing.add(name);
  for (const [model, row] of Object.entries(diffs)) {
    for (const [type, item] of Object.entries(row) as [keyof typeof row, DifferenceItem][]) {
      for (const name of Object.keys(item.upstreams)) {
        if (differing.has(name)) continue;
        delete item.upstreams[name];
        delete item.confidence[name];
      }
      const values = Object.values(item.upstreams);
      if (values.length === 0 || values.every((v) => v === "same")) delete row[type];
    }
    if (Object.keys(row).length === 0) delete diffs[model];
  }
  return diffs;
}
