// Dashboard maths: regrouping the server's hourly rows into hours/days/weeks of the local calendar,
// series ranking with an "other" series, pie shares, the default range, and the summary cards.
import { bucketLabel, bucketStart, bucketStarts, defaultRange, nextBucket } from "@/modules/logs/dashboard/buckets";
import { chartData, OTHER_KEY, shareOf, seriesKeys, type UsageRow } from "@/modules/logs/dashboard/series";
import { axisQuota, formatRate, summarize } from "@/modules/logs/dashboard/summary";

// Days and weeks follow the local calendar, hours the server's UTC hours: local times for the
// former and UTC ones for the latter, so the expectations hold in any time zone (even +05:30).
const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo, d, h, mi) / 1000;
const at = (y: number, mo: number, d: number, h = 0, mi = 0) => Math.floor(new Date(y, mo, d, h, mi).getTime() / 1000);
const row = (
  key: string,
  created_at: number,
  count: number,
  quota = count * 100,
  token_used = count * 10,
): UsageRow => ({
  key,
  created_at,
  count,
  quota,
  token_used,
});

describe("buckets", () => {
  test("hours stay hours; days start at local midnight; weeks on Monday", () => {
    const wed = at(2025, 5, 18, 15, 30); // Wednesday 18 June 2025 15:30
    expect(bucketStart(utc(2025, 5, 18, 15, 30), "hour")).toBe(utc(2025, 5, 18, 15));
    expect(bucketStart(wed, "day")).toBe(at(2025, 5, 18));
    expect(bucketStart(wed, "week")).toBe(at(2025, 5, 16)); // Monday
    expect(bucketStart(at(2025, 5, 22, 23), "week")).toBe(at(2025, 5, 16)); // Sunday → same week
    expect(bucketStart(at(2025, 5, 23, 0), "week")).toBe(at(2025, 5, 23)); // next Monday
  });

  test("next bucket and every bucket of a range, inclusive of both ends", () => {
    expect(nextBucket(at(2025, 5, 18), "day")).toBe(at(2025, 5, 19));
    expect(nextBucket(at(2025, 5, 16), "week")).toBe(at(2025, 5, 23));
    expect(bucketStarts(utc(2025, 5, 18, 10, 20), utc(2025, 5, 18, 12, 5), "hour")).toEqual([
      utc(2025, 5, 18, 10),
      utc(2025, 5, 18, 11),
      utc(2025, 5, 18, 12),
    ]);
    expect(bucketStarts(at(2025, 5, 18, 10), at(2025, 5, 20, 1), "day")).toEqual([
      at(2025, 5, 18),
      at(2025, 5, 19),
      at(2025, 5, 20),
    ]);
    expect(bucketStarts(10, 5, "hour")).toEqual([]);
    expect(bucketStarts(0, 3600 * 5000, "hour", 100)).toHaveLength(100);
  });

  test("labels", () => {
    expect(bucketLabel(at(2025, 0, 5, 7), "hour")).toBe("01-05 07:00");
    expect(bucketLabel(at(2025, 0, 5, 7), "day")).toBe("01-05");
  });

  test("default ranges: 24 hours, 7 days, 4 weeks, all within the 30-day self limit", () => {
    const now = at(2025, 5, 18, 15, 30);
    const utcNow = utc(2025, 5, 18, 15, 30);
    expect(defaultRange("hour", utcNow)).toEqual({ start: utc(2025, 5, 17, 16), end: utcNow });
    expect(bucketStarts(defaultRange("hour", now).start, now, "hour")).toHaveLength(24);
    expect(defaultRange("day", now)).toEqual({ start: at(2025, 5, 12), end: now });
    expect(bucketStarts(defaultRange("day", now).start, now, "day")).toHaveLength(7);
    expect(defaultRange("week", now)).toEqual({ start: at(2025, 4, 26), end: now }); // Monday 26 May
    expect(bucketStarts(defaultRange("week", now).start, now, "week")).toHaveLength(4);
    for (const g of ["hour", "day", "week", "garbage"]) {
      const r = defaultRange(g, now);
      expect(r.end - r.start).toBeLessThanOrEqual(2_592_000);
    }
    expect(defaultRange("garbage", now)).toEqual(defaultRange("hour", now));
  });
});

describe("chart data", () => {
  const range = { start: at(2025, 5, 16), end: at(2025, 5, 18, 23) };
  const rows = [
    row("gpt-4o", at(2025, 5, 16, 9), 2),
    row("gpt-4o", at(2025, 5, 16, 10), 3),
    row("claude-3", at(2025, 5, 16, 10), 1, 1000),
    row("gpt-4o", at(2025, 5, 18, 22), 4),
  ];

  test("rebucketing hourly rows into days sums each series; empty days are zeros", () => {
    const data = chartData(rows, "day", range);
    expect(data.keys).toEqual(["claude-3", "gpt-4o"]); // by quota: 1000 > 900
    expect(data.points.map((p) => p.t)).toEqual([at(2025, 5, 16), at(2025, 5, 17), at(2025, 5, 18)]);
    expect(data.points.map((p) => p.count)).toEqual([
      [1, 5],
      [0, 0],
      [0, 4],
    ]);
    expect(data.points[0]!.quota).toEqual([1000, 500]);
    expect(data.points[0]!.tokens).toEqual([10, 50]);
    expect(data.points[0]!.label).toBe("06-16");
  });

  test("hours keep every bucket of the range; weeks collapse the range into one point", () => {
    const hours = chartData(rows, "hour", range);
    expect(hours.points).toHaveLength(24 * 3);
    const tenOClock = bucketStart(at(2025, 5, 16, 10), "hour");
    expect(hours.points.find((p) => p.t === tenOClock)!.count).toEqual([1, 3]);
    const weeks = chartData(rows, "week", range);
    expect(weeks.points).toHaveLength(1);
    expect(weeks.points[0]!.count).toEqual([1, 9]);
  });

  test("past the largest few, the rest is one 'other' series and totals are kept", () => {
    const many = Array.from({ length: 5 }, (_, i) => row(`m${i}`, at(2025, 5, 16, 1), i + 1));
    expect(seriesKeys(many, 3)).toEqual(["m4", "m3", OTHER_KEY]);
    const data = chartData(many, "day", range, 3);
    expect(data.points[0]!.count).toEqual([5, 4, 1 + 2 + 3]);
    expect(seriesKeys(many, 5)).toEqual(["m4", "m3", "m2", "m1", "m0"]);
  });

  test("no rows: no series, but the buckets of the range are there", () => {
    const data = chartData([], "day", range);
    expect(data.keys).toEqual([]);
    expect(data.points).toHaveLength(3);
  });

  test("shares per metric, zero shares dropped, the rest as 'other'", () => {
    expect(shareOf(rows, "count")).toEqual([
      { key: "gpt-4o", value: 9 },
      { key: "claude-3", value: 1 },
    ]);
    expect(shareOf(rows, "quota")).toEqual([
      { key: "claude-3", value: 1000 },
      { key: "gpt-4o", value: 900 },
    ]);
    expect(shareOf([row("free", 0, 3, 0)], "quota")).toEqual([]);
    const many = Array.from({ length: 4 }, (_, i) => row(`m${i}`, 0, i + 1));
    expect(shareOf(many, "count", 3)).toEqual([
      { key: "m3", value: 4 },
      { key: "m2", value: 3 },
      { key: OTHER_KEY, value: 3 },
    ]);
  });
});

describe("summary", () => {
  test("totals and per-minute averages over the elapsed part of the range", () => {
    const rows = [row("a", 0, 30, 500, 6000), row("b", 0, 30, 250, 3000)];
    const s = summarize(rows, { start: 0, end: 3600 }, 3600);
    expect(s).toEqual({ quota: 750, count: 60, tokens: 9000, rpm: 1, tpm: 150 });
    // a range ending in the future: only the elapsed 30 minutes count
    expect(summarize(rows, { start: 0, end: 7200 }, 1800)).toMatchObject({ rpm: 2, tpm: 300 });
    // a range that has not begun (or is empty) divides by one minute, never by zero
    expect(summarize(rows, { start: 100, end: 50 }, 100)).toMatchObject({ rpm: 60 });
    expect(summarize([], { start: 0, end: 3600 }, 3600)).toEqual({ quota: 0, count: 0, tokens: 0, rpm: 0, tpm: 0 });
  });

  test("rates read with three significant digits", () => {
    expect(formatRate(0)).toBe("0");
    expect(formatRate(1 / 24)).toBe("0.0417");
    expect(formatRate(2.5)).toBe("2.50");
    expect(formatRate(131.4)).toBe("131");
    expect(formatRate(NaN)).toBe("0");
  });

  test("axis quota keeps close ticks apart", () => {
    const usd = { inCurrency: true, quotaPerUnit: 500000 };
    expect([0, 2500, 5000, 7500, 10000].map((q) => axisQuota(q, usd))).toEqual([
      "$0",
      "$0.005",
      "$0.01",
      "$0.015",
      "$0.02",
    ]);
    expect(axisQuota(500000 * 1234, usd)).toBe("$1234");
    expect(axisQuota(500000 * 20000, usd)).toBe("$20.00k");
    expect(axisQuota(60000, { inCurrency: false, quotaPerUnit: 500000 })).toBe("60.00k");
  });
});
