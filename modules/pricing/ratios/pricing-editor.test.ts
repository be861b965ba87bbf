// Pricing editor rules: conversions, row checks, batch set, defaults fill.
import {
  applyBatch,
  applyRow,
  removeRow,
  checkBatch,
  checkRowDraft,
  completionRatioFromPrices,
  draftFromRow,
  fillFromDefaults,
  inputPriceFromRatio,
  outputPriceFromRatios,
  ratioFromInputPrice,
  rowFromDraft,
  rowsFromMaps,
  unsetModels,
  type PricingMaps,
} from "@/modules/pricing/ratios/pricing-editor";
import {
  DEFAULT_COMPLETION_RATIO,
  DEFAULT_MODEL_PRICE,
  DEFAULT_MODEL_RATIO,
} from "@/modules/pricing/ratios/default-ratios";

const maps = (): PricingMaps => ({
  ModelPrice: { "dall-e-3": 0.04 },
  ModelRatio: { "gpt-4o": 1.25 },
  CompletionRatio: { "gpt-4o": 4 },
});

test("price per 1M ÷ 2 = ratio; output ÷ input = completion ratio", () => {
  expect(ratioFromInputPrice(2.5)).toBe(1.25);
  expect(inputPriceFromRatio(1.25)).toBe(2.5);
  expect(completionRatioFromPrices(2.5, 10)).toBe(4);
  expect(completionRatioFromPrices(0, 10)).toBeNull();
  expect(outputPriceFromRatios(1.25, 4)).toBe(10);
  expect(ratioFromInputPrice(0.3)).toBe(0.15); // no float noise
});

test("rows union the maps; a draft round-trips", () => {
  const rows = rowsFromMaps(maps());
  expect(rows.map((r) => r.name)).toEqual(["dall-e-3", "gpt-4o"]);
  const d = draftFromRow(rows[1]!);
  expect(d).toMatchObject({
    mode: "per_token",
    ratio: "1.25",
    completionRatio: "4",
    inputPrice: "2.5",
    outputPrice: "10",
  });
  expect(draftFromRow(rows[0]!).mode).toBe("per_request");
});

test("row checks: 请输入数字, 模型名称已存在, 模型价格不能为0", () => {
  const base = draftFromRow(null);
  const names = ["gpt-4o", "dall-e-3"];
  expect(checkRowDraft({ ...base, name: " " }, names)).toBe("name_required");
  expect(checkRowDraft({ ...base, name: "gpt-4o", ratio: "1" }, names)).toBe("name_exists");
  expect(checkRowDraft({ ...base, name: "gpt-4o", ratio: "1" }, names, "gpt-4o")).toBeNull();
  expect(checkRowDraft({ ...base, name: "m", ratio: "abc" }, names)).toBe("not_number");
  expect(checkRowDraft({ ...base, name: "m", ratio: "1", completionRatio: "x" }, names)).toBe("not_number");
  expect(checkRowDraft({ ...base, name: "m", mode: "per_request", price: "0" }, names)).toBe("price_zero");
  expect(checkRowDraft({ ...base, name: "m", mode: "per_request", price: "a" }, names)).toBe("not_number");
  expect(checkRowDraft({ ...base, name: "m" }, names)).toBe("ratio_required");
});

test("per-token prices are stored as ratios; a fixed price clears the ratios", () => {
  const row = rowFromDraft({
    ...draftFromRow(null),
    name: "m",
    tokenInput: "price",
    inputPrice: "3",
    outputPrice: "15",
  });
  expect(row).toEqual({ name: "m", ratio: 1.5, completionRatio: 5 });
  let m = applyRow(maps(), row);
  expect(m.ModelRatio.m).toBe(1.5);
  m = applyRow(m, { name: "m", price: 0.02 });
  expect(m.ModelPrice.m).toBe(0.02);
  expect("m" in m.ModelRatio || "m" in m.CompletionRatio).toBe(false);
  m = applyRow(m, { name: "renamed", ratio: 2 }, "m");
  expect("m" in m.ModelPrice).toBe(false);
  expect(m.ModelRatio.renamed).toBe(2);
});

test("unset models, batch set and fill from the bundled defaults", () => {
  const enabled = ["gpt-4o", "dall-e-3", "gpt-4o-mini", "mj_imagine", "my-own-model"];
  const unset = unsetModels(enabled, maps());
  expect(unset).toEqual(["gpt-4o-mini", "mj_imagine", "my-own-model"]);
  const v = { mode: "ratio" as const, price: "", ratio: "1", completionRatio: "" };
  expect(checkBatch([], v)).toBe("select_models");
  expect(checkBatch(unset, v)).toBe("ratio_pair");
  expect(checkBatch(unset, { ...v, mode: "price" })).toBe("fill_value");
  expect(checkBatch(unset, { ...v, mode: "price", price: "x" })).toBe("valid_number");
  expect(checkBatch(unset, { ...v, completionRatio: "y" })).toBe("valid_number");
  const batched = applyBatch(maps(), ["my-own-model"], { ...v, completionRatio: "2" });
  expect(batched.CompletionRatio["my-own-model"]).toBe(2);

  const { maps: filled, filled: names } = fillFromDefaults(maps(), unset, {
    ModelRatio: DEFAULT_MODEL_RATIO,
    CompletionRatio: DEFAULT_COMPLETION_RATIO,
    ModelPrice: DEFAULT_MODEL_PRICE,
  });
  expect(names).toEqual(["gpt-4o-mini", "mj_imagine"]);
  expect(filled.ModelRatio["gpt-4o-mini"]).toBe(DEFAULT_MODEL_RATIO["gpt-4o-mini"]);
  expect(filled.ModelPrice.mj_imagine).toBe(0.1);
  expect(unsetModels(enabled, filled)).toEqual(["my-own-model"]);
});

test("issue 36: models named like Object.prototype members are ordinary rows", () => {
  const empty = { ModelPrice: {}, ModelRatio: {}, CompletionRatio: {} };
  expect(unsetModels(["toString", "constructor", "__proto__"], empty)).toEqual([
    "__proto__",
    "constructor",
    "toString",
  ]);
  let maps = applyRow(empty, { name: "__proto__", price: 0.5 });
  maps = applyRow(maps, { name: "constructor", ratio: 2, completionRatio: 3 });
  expect(JSON.stringify(maps.ModelPrice)).toBe('{"__proto__":0.5}');
  expect(rowsFromMaps(maps)).toEqual([
    { name: "__proto__", price: 0.5, ratio: undefined, completionRatio: undefined },
    { name: "constructor", price: undefined, ratio: 2, completionRatio: 3 },
  ]);
  expect(removeRow(maps, "constructor").ModelRatio).toEqual({});
});
