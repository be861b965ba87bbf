// fillFromPreset (issue 22 A1): legacy has only completion ratios, so ratios come from the bundled
// table and the preset's completion ratio wins; a throwing fetcher falls back to the bundled table.
import { fillFromPreset } from "@/modules/pricing/ratios/preset-fill";

const EMPTY = { ModelRatio: {}, CompletionRatio: {}, ModelPrice: {} };

test("legacy: bundled ratio, preset completion ratio", async () => {
  const out = await fillFromPreset(EMPTY, ["gpt-4o"], "legacy", async () => ({
    source: "legacy",
    model_ratio: {},
    completion_ratio: { "gpt-4o": 7 },
  }));
  expect(out).toMatchObject({ kind: "preset", source: "legacy", filled: ["gpt-4o"] });
  if (out.kind !== "preset") throw new Error("unreachable");
  expect(out.maps.ModelRatio).toEqual({ "gpt-4o": 1.25 });
  expect(out.maps.CompletionRatio).toEqual({ "gpt-4o": 7 });
});

test("a failed fetch falls back to the bundled table, or reports failure", async () => {
  const fail = async () => {
    throw new Error("offline");
  };
  expect(await fillFromPreset(EMPTY, ["gpt-4o"], "mixed", fail)).toMatchObject({ kind: "bundled", filled: ["gpt-4o"] });
  expect(await fillFromPreset(EMPTY, ["nowhere"], "mixed", fail)).toEqual({ kind: "failed" });
});
