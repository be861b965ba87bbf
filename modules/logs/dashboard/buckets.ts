// Time buckets of the dashboard. The server stores usage per UTC hour (created_at floored to 3600 s);
// the page regroups those hours into days or weeks of the viewer's local calendar (weeks start on
// Monday), so no second query is needed when the granularity changes.
import type { Granularity } from "@/modules/logs/schemas/dashboard";

const HOUR = 3600;

const floorHour = (sec: number) => sec - (((sec % HOUR) + HOUR) % HOUR);

function localMidnight(sec: number): Date {
  const d = new Date(sec * 1000);
  d.setHours(0, 0, 0, 0);
  return d;
}

/** The start (unix seconds) of the bucket holding `sec`. */
export function bucketStart(sec: number, g: Granularity): number {
  if (g === "hour") return floorHour(sec);
  const d = localMidnight(sec);
  if (g === "week") d.setDate(d.getDate() - ((d.getDay() + 6) % 7)); // back to Monday
  return Math.floor(d.getTime() / 1000);
}

/** The start of the bucket after the one starting at `start` (calendar steps, so DST days stay days). */
export function nextBucket(start: number, g: Granularity): number {
  if (g === "hour") return start + HOUR;
  const d = new Date(start * 1000);
  d.setDate(d.getDate() + (g === "week" ? 7 : 1));
  return Math.floor(d.getTime() / 1000);
}

/** Every bucket start from the one holding `start` to the one holding `end` (capped, newest kept). */
export function bucketStarts(start: number, end: number, g: Granularity, max = 2000): number[] {
  const out: number[] = [];
  if (end < start) return out;
  for (let t = bucketStart(start, g); t <= end; t = nextBucket(t, g)) out.push(t);
  return out.length > max ? out.slice(-max) : out;
}

/**
 * The range the page opens with, from DataExportDefaultTime: the last 24 hours for "hour", the
 * last 7 days (today included) for "day", the last 4 weeks (this week included) for "week". All
 * stay inside the 30-day limit of /api/data/self (new-api's 30 days plus one hour for "week" did not).
 */
export function defaultRange(defaultTime: string, nowSec: number): { start: number; end: number } {
  const g: Granularity = defaultTime === "day" || defaultTime === "week" ? defaultTime : "hour";
  if (g === "hour") return { start: floorHour(nowSec) - 23 * HOUR, end: nowSec };
  const d = new Date(bucketStart(nowSec, g) * 1000);
  d.setDate(d.getDate() - (g === "day" ? 6 : 21));
  return { start: Math.floor(d.getTime() / 1000), end: nowSec };
}

export function asGranularity(value: string): Granularity {
  return value === "day" || value === "week" ? value : "hour";
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Axis label of a bucket: "MM-DD HH:00" for hours, "MM-DD" for days and weeks (the Monday). */
export function bucketLabel(start: number, g: Granularity): string {
  const d = new Date(start * 1000);
  const day = `${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return g === "hour" ? `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}` : day;
}
