// new-api's calcPlanEndTime / calcNextResetTime (model/subscription.go), in the server's local time.
import { nextResetTime, planEndTime, type PlanPeriods } from "@/lib/server/ledger/plan-periods";

const plan = (over: Partial<PlanPeriods>): PlanPeriods => ({
  durationUnit: "month",
  durationValue: 1,
  customSeconds: 0,
  quotaResetPeriod: "never",
  quotaResetCustomSeconds: 0,
  ...over,
});
const at = (y: number, m: number, d: number, h = 0, min = 0) =>
  Math.floor(new Date(y, m - 1, d, h, min).getTime() / 1000);

test("ends: calendar months and years (Jan 31 + 1 month overflows as Go's AddDate), days, hours, custom seconds", () => {
  expect(planEndTime(at(2026, 1, 15, 10), plan({}))).toBe(at(2026, 2, 15, 10));
  expect(planEndTime(at(2026, 1, 31), plan({}))).toBe(at(2026, 3, 3));
  expect(planEndTime(at(2026, 5, 1), plan({ durationUnit: "year", durationValue: 2 }))).toBe(at(2028, 5, 1));
  expect(planEndTime(1000, plan({ durationUnit: "day", durationValue: 3 }))).toBe(1000 + 3 * 86_400);
  expect(planEndTime(1000, plan({ durationUnit: "hour", durationValue: 5 }))).toBe(1000 + 5 * 3600);
  expect(planEndTime(1000, plan({ durationUnit: "custom", customSeconds: 90n }))).toBe(1090);
});

test("resets: next local midnight, next Monday, the 1st of next month, every N seconds; none past the end", () => {
  const wed = at(2026, 11, 25, 15, 30); // a Wednesday
  const end = at(2027, 1, 1);
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "daily" }), end)).toBe(at(2026, 11, 26));
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "weekly" }), end)).toBe(at(2026, 11, 30));
  expect(nextResetTime(at(2026, 11, 29, 23), plan({ quotaResetPeriod: "weekly" }), end)).toBe(at(2026, 11, 30)); // Sunday
  expect(nextResetTime(at(2026, 11, 30, 1), plan({ quotaResetPeriod: "weekly" }), end)).toBe(at(2026, 12, 7)); // Monday
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "monthly" }), end)).toBe(at(2026, 12, 1));
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "custom", quotaResetCustomSeconds: 60n }), end)).toBe(wed + 60);
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "never" }), end)).toBe(0);
  expect(nextResetTime(wed, plan({ quotaResetPeriod: "monthly" }), at(2026, 11, 30))).toBe(0);
});
