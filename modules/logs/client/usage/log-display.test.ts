import {
  defaultLogRange,
  detailEntries,
  elapsedTone,
  firstTokenTone,
  parseLogOther,
  retryChain,
} from "@/modules/logs/client/usage/log-display";

test("use-time badge: green up to 100 s, orange under 300 s, red beyond", () => {
  expect(elapsedTone(0)).toBe("success");
  expect(elapsedTone(100)).toBe("success");
  expect(elapsedTone(101)).toBe("warning");
  expect(elapsedTone(299)).toBe("warning");
  expect(elapsedTone(300)).toBe("danger");
});

test("first-token badge: green under 3 s, orange under 10 s, red beyond", () => {
  expect(firstTokenTone(2999)).toBe("success");
  expect(firstTokenTone(3000)).toBe("warning");
  expect(firstTokenTone(9999)).toBe("warning");
  expect(firstTokenTone(10_000)).toBe("danger");
});

test("default range: start of today to an hour from now", () => {
  const now = new Date(2026, 10, 21, 15, 30, 12);
  const r = defaultLogRange(now);
  expect(r.start).toBe(Math.floor(new Date(2026, 10, 21).getTime() / 1000));
  expect(r.end).toBe(Math.floor(now.getTime() / 1000) + 3600);
});

test("details: known keys in order, unset price and unmapped model skipped, unknown keys kept", () => {
  const other = parseLogOther(
    JSON.stringify({
      frt: 120,
      model_ratio: 2.5,
      model_price: -1,
      upstream_model_name: "gpt-4o",
      is_model_mapped: false,
      admin_info: { use_channel: [3, 5] },
      custom_flag: true,
    }),
  );
  expect(detailEntries(other)).toEqual([
    { key: "model_ratio", value: "2.5" },
    { key: "frt", value: "120" },
    { key: "custom_flag", value: "true" },
  ]);
  expect(retryChain(other)).toBe("3 → 5");
  expect(retryChain({ admin_info: { use_channel: [3] } })).toBe("");
  expect(parseLogOther("not json")).toEqual({});
});
