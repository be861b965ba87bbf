// Shapes of the JSON option values. Each checker answers true when the parsed value
// has the shape the relay and the console expect, so a script cannot store e.g. {"gpt-4o":"cheap"}
// as ModelRatio. Isomorphic: the settings forms use the same checks.

export type JsonShape =
  | "number_map" // {"name": number ≥ 0}
  | "string_map" // {"name": "text"}
  | "string_list" // ["text"]
  | "chats" // [{"label": "url template"}]
  | "rate_limit_group" // {"group": [total ≥ 0, success ≥ 1]}
  | "header_map" // {"model": {"Header": ["value"] | "value"}}
  | "positive_int_map" // {"model": integer > 0}
  | "model_mapping"; // {"virtual": [{"model": "...", "priorities": integer ≥ 0}]}

const INT32_MAX = 2 ** 31 - 1;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isNonNegativeNumber(v: unknown): boolean {
  return typeof v === "number" && Number.isFinite(v) && v >= 0;
}

function isIntIn(v: unknown, min: number, max = INT32_MAX): boolean {
  return typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
}

const CHECKS: Record<JsonShape, (v: unknown) => boolean> = {
  number_map: (v) => isPlainObject(v) && Object.values(v).every(isNonNegativeNumber),
  string_map: (v) => isPlainObject(v) && Object.values(v).every((x) => typeof x === "string"),
  string_list: (v) => Array.isArray(v) && v.every((x) => typeof x === "string"),
  chats: (v) =>
    Array.isArray(v) && v.every((x) => isPlainObject(x) && Object.values(x).every((u) => typeof u === "string")),
  rate_limit_group: (v) =>
    isPlainObject(v) &&
    Object.values(v).every((x) => Array.isArray(x) && x.length === 2 && isIntIn(x[0], 0) && isIntIn(x[1], 1)),
  header_map: (v) =>
    isPlainObject(v) &&
    Object.values(v).every(
      (headers) =>
        isPlainObject(headers) &&
        Object.values(headers).every(
          (h) => typeof h === "string" || (Array.isArray(h) && h.every((x) => typeof x === "string")),
        ),
    ),
  positive_int_map: (v) => isPlainObject(v) && Object.values(v).every((x) => isIntIn(x, 1)),
  model_mapping: (v) =>
    isPlainObject(v) &&
    Object.values(v).every(
      (list) =>
        Array.isArray(list) &&
        list.every((e) => isPlainObject(e) && typeof e.model === "string" && isIntIn(e.priorities, 0)),
    ),
};

export function hasJsonShape(shape: JsonShape, value: unknown): boolean {
  return CHECKS[shape](value);
}
