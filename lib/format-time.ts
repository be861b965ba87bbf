// Time display helpers, in the viewer's local time zone.
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const pad = (n: number) => String(n).padStart(2, "0");

function clock(d: Date): string {
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function isoDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function toDate(value: string | number | Date): Date | null {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Unix seconds as "YYYY-MM-DD HH:mm:ss" in the viewer's time zone ("" for 0/unset). */
export function formatUnixTime(seconds: number): string {
  if (!seconds || seconds <= 0) return "";
  return formatDateTime(new Date(seconds * 1000));
}

/**
 * Message times: under 24 hours the clock time, under 7 days the weekday and time,
 * otherwise the date. The full timestamp belongs in a title attribute.
 */
export function formatRecentTime(value: string | number | Date, locale: string, now: Date = new Date()): string {
  const d = toDate(value);
  if (!d) return "";
  const age = now.getTime() - d.getTime();
  // A clock a little ahead of ours (future timestamps) still reads as "just now": clock time.
  if (age < DAY_MS) return clock(d);
  if (age < 7 * DAY_MS) {
    const weekday = new Intl.DateTimeFormat(locale, { weekday: "short" }).format(d);
    return `${weekday} ${clock(d)}`;
  }
  return isoDate(d);
}

/** A date (ISO string, epoch ms or Date) as the full local timestamp, YYYY-MM-DD HH:mm:ss. */
export function formatDateTime(value: string | number | Date): string {
  const d = toDate(value);
  if (!d) return "";
  return `${isoDate(d)} ${clock(d)}:${pad(d.getSeconds())}`;
}

/** A Date as the value of an <input type="datetime-local"> in the viewer's time zone. */
export function toLocalInput(date: Date): string {
  return `${isoDate(date)}T${clock(date)}`;
}
