// Model mapping rules and the relay's trial order (higher priority number first).
import {
  checkMappingEntries,
  checkModelMapping,
  entriesToMapping,
  orderTargets,
} from "@/modules/settings/model-mapping";

const e = (virtual: string, ...targets: [string, string | number][]) => ({
  virtual,
  targets: targets.map(([model, priorities]) => ({ model, priorities })),
});

test("validation messages of the manager", () => {
  expect(checkMappingEntries([e(" ", ["a", 1])])?.id).toBe("virtual_required");
  expect(checkMappingEntries([e("v", ["a", 1]), e(" v ", ["b", 1])])).toEqual({
    id: "virtual_duplicate",
    params: { name: "v" },
  });
  expect(checkMappingEntries([e("v")])?.id).toBe("actual_min_one");
  expect(checkMappingEntries([e("v", ["", 1])])?.id).toBe("actual_required");
  expect(checkMappingEntries([e("v", ["a", 1], ["a ", 2])])?.id).toBe("actual_duplicate");
  expect(checkMappingEntries([e("v", ["a", "1.5"])])?.id).toBe("priority_integer");
  expect(checkMappingEntries([e("v", ["a", -1])])?.id).toBe("priority_integer");
  expect(checkMappingEntries([e("v", ["a", ""])])?.id).toBe("priority_integer");
  expect(checkMappingEntries([e("v", ["a", "0"], ["b", 3])])).toBeNull();
});

test("entries become the stored mapping with trimmed names and numeric priorities", () => {
  expect(entriesToMapping([e(" v ", [" a ", "2"])])).toEqual({ v: [{ model: "a", priorities: 2 }] });
});

test("untrusted documents are checked", () => {
  expect(checkModelMapping([])?.id).toBe("shape");
  expect(checkModelMapping({ v: "a" })?.id).toBe("shape");
  expect(checkModelMapping({ v: [{ model: "a" }] })?.id).toBe("priority_integer");
  expect(checkModelMapping({ v: [] })?.id).toBe("actual_min_one");
  expect(checkModelMapping({ v: [{ model: "a", priorities: 0 }] })).toBeNull();
});

test("higher priority first, ties in listed order", () => {
  expect(
    orderTargets([
      { model: "low", priorities: 1 },
      { model: "high", priorities: 10 },
      { model: "mid-a", priorities: 5 },
      { model: "mid-b", priorities: 5 },
    ]),
  ).toEqual(["high", "mid-a", "mid-b", "low"]);
});
