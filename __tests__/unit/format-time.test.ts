// Message time display: under 24 h clock time, under 7 days weekday and time, else date.
import { formatDateTime, formatRecentTime, formatUnixTime } from "@/lib/format-time";

// Local times, so the expectations hold in any time zone.
const now = new Date(2025, 5, 18, 15, 30, 0); // Wednesday 18 June 2025, 15:30
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("formatRecentTime", () => {
  test("under 24 hours: clock time", () => {
    expect(formatRecentTime(hoursAgo(0), "zh", now)).toBe("15:30");
    expect(formatRecentTime(new Date(2025, 5, 18, 9, 5), "en", now)).toBe("09:05");
    expect(formatRecentTime(hoursAgo(23.9), "en", now)).toBe("15:36");
  });

  test("24 hours up to 7 days: weekday and time", () => {
    expect(formatRecentTime(hoursAgo(24), "en", now)).toBe("Tue 15:30");
    expect(formatRecentTime(hoursAgo(24), "zh", now)).toBe("周二 15:30");
    expect(formatRecentTime(new Date(2025, 5, 12, 8, 0), "en", now)).toBe("Thu 08:00");
  });

  test("7 days or older: the date", () => {
    expect(formatRecentTime(hoursAgo(7 * 24), "en", now)).toBe("2025-06-11");
    expect(formatRecentTime(new Date(2024, 0, 2, 3, 4), "zh", now)).toBe("2024-01-02");
  });

  test("accepts ISO strings; future times read as clock time; garbage is empty", () => {
    expect(formatRecentTime(hoursAgo(1).toISOString(), "en", now)).toBe("14:30");
    expect(formatRecentTime(new Date(now.getTime() + 60_000), "en", now)).toBe("15:31");
    expect(formatRecentTime("not a date", "en", now)).toBe("");
  });
});

test("formatDateTime gives the full local timestamp", () => {
  expect(formatDateTime(new Date(2025, 0, 5, 7, 8, 9))).toBe("2025-01-05 07:08:09");
  expect(formatDateTime("")).toBe("");
});

test("formatUnixTime reads unix seconds; 0 is unset", () => {
  const d = new Date(2025, 0, 5, 7, 8, 9);
  expect(formatUnixTime(Math.floor(d.getTime() / 1000))).toBe("2025-01-05 07:08:09");
  expect(formatUnixTime(0)).toBe("");
});
