// new-api's buildDifferences rules (controller/ratio_sync.go), case by case.
import { ratioDifferences } from "@/modules/pricing/ratios/ratio-differences";
import type { RatioMaps } from "@/modules/pricing/ratios/ratio-sync";

const local = (over: Partial<RatioMaps> = {}): RatioMaps => ({
  model_ratio: {},
  completion_ratio: {},
  cache_ratio: {},
  model_price: {},
  ...over,
});

test("an upstream equal to us everywhere is left out of every row", () => {
  const d = ratioDifferences(local({ model_ratio: { a: 1, b: 2 } }), [
    { name: "same", data: { model_ratio: { a: 1, b: 2 } } },
    { name: "other", data: { model_ratio: { a: 1, b: 3 } } },
  ]);
  expect(d).toEqual({ b: { model_ratio: { current: 2, upstreams: { other: 3 }, confidence: { other: true } } } });
});

test("a model we lack is listed; an upstream lacking one of ours says null, not a difference", () => {
  const d = ratioDifferences(local({ model_ratio: { ours: 1 } }), [
    { name: "u", data: { model_ratio: { theirs: 2 } } },
  ]);
  expect(d).toEqual({ theirs: { model_ratio: { current: null, upstreams: { u: 2 }, confidence: { u: true } } } });
});

test("values within 1e-9 are the same; the same price type only is compared", () => {
  const d = ratioDifferences(local({ model_ratio: { a: 0.1 + 0.2 }, model_price: { a: 1 } }), [
    { name: "u", data: { model_ratio: { a: 0.3 }, completion_ratio: { a: 2 } } },
  ]);
  expect(d).toEqual({ a: { completion_ratio: { current: null, upstreams: { u: 2 }, confidence: { u: true } } } });
});

test("rows where other upstreams say same or null keep them beside the one that differs", () => {
  const d = ratioDifferences(local({ model_ratio: { a: 1, b: 1 } }), [
    { name: "x", data: { model_ratio: { a: 2, b: 1 } } },
    { name: "y", data: { model_ratio: { a: 1, b: 5 } } },
  ]);
  expect(d.a?.model_ratio?.upstreams).toEqual({ x: 2, y: "same" });
  expect(d.b?.model_ratio?.upstreams).toEqual({ x: "same", y: 5 });
});

test("37.5 with completion 1 is flagged as not trusted, for that upstream and model only", () => {
  const d = ratioDifferences(local(), [
    { name: "p", data: { model_ratio: { a: 37.5, b: 37.5 }, completion_ratio: { a: 1, b: 2 } } },
  ]);
  expect(d.a?.model_ratio?.confidence).toEqual({ p: false });
  expect(d.b?.model_ratio?.confidence).toEqual({ p: true });
});
