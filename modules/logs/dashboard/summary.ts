// The dashboard's summary cards: totals over the range and the average requests and tokens per
// minute, over the part of the range that has already happened (a range ending in the future does
// not dilute the average).
import type { UsageRow } from "@/modules/logs/dashboard/series";
import { shortenNumber } from "@/lib/format";

export type UsageSummary = { quota: number; count: number; tokens: number; rpm: number; tpm: number };

export function summarize(rows: UsageRow[], range: { start: number; end: number }, nowSec: number): UsageSummary {
  let quota = 0;
  let count = 0;
  let tokens = 0;
  for (const r of rows) {
    quota += r.quota;
    count += r.count;
    tokens += r.token_used;
  }
  const minutes = Math.max(1, (Math.min(range.end, nowSec) - range.start) / 60);
  return { quota, count, tokens, rpm: count / minutes, tpm: tokens / minutes };
}

/** Averages read best with three significant digits below 100 ("0.0417", "2.50", "131"). */
export function formatRate(n: number): string {
  if (!Number.isFinite(n) || n <= 0) return "0";
  if (n >= 100) return String(Math.round(n));
  return n.toPrecision(3);
}

/**
 * Quota on a chart axis: three significant digits in dollars, so close ticks stay distinct
 * ("$0.005", "$0.015", not "$0.01" twice), or the shortened quota units.
 */
export function axisQuota(quota: number, opts: { inCurrency: boolean; quotaPerUnit: number }): string {
  if (!opts.inCurrency) return shortenNumber(Math.round(quota));
  const dollars = quota / (opts.quotaPerUnit || 500000);
  if (Math.abs(dollars) >= 1000) return `$${shortenNumber(Math.round(dollars))}`;
  return `$${Number(dollars.toPrecision(3))}`;
}
