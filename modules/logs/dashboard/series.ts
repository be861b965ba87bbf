// Turns the hourly rows of /api/data into chart data: one point per bucket of the chosen
// granularity over the whole range (empty buckets are zeros, so lines do not bridge gaps), and one
// series per model (or user); past the largest few, the rest is summed into OTHER_KEY.
import type { Granularity, QuotaDataRow, UserQuotaDataRow } from "@/modules/logs/schemas/dashboard";
import { bucketLabel, bucketStart, bucketStarts } from "@/modules/logs/dashboard/buckets";

/** One hour of one series (a model, or a user in the per-user view). */
export type UsageRow = { key: string; created_at: number; count: number; quota: number; token_used: number };
export type Metric = "quota" | "count" | "tokens";

export const OTHER_KEY = "__other__";
export const MAX_SERIES = 8;

export function fromModelRows(rows: QuotaDataRow[]): UsageRow[] {
  return rows.map((r) => ({ ...r, key: r.model_name }));
}
export function fromUserRows(rows: UserQuotaDataRow[]): UsageRow[] {
  return rows.map((r) => ({ ...r, key: r.username }));
}

const valueOf = (r: UsageRow, m: Metric) => (m === "quota" ? r.quota : m === "count" ? r.count : r.token_used);

/** Series keys, largest first by quota, then requests, then tokens, then name (stable colours). */
export function rankKeys(rows: UsageRow[]): string[] {
  const totals = new Map<string, [number, number, number]>();
  for (const r of rows) {
    const t = totals.get(r.key) ?? [0, 0, 0];
    t[0] += r.quota;
    t[1] += r.count;
    t[2] += r.token_used;
    totals.set(r.key, t);
  }
  return [...totals.entries()]
    .sort(([ak, a], [bk, b]) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2] || ak.localeCompare(bk))
    .map(([k]) => k);
}

/** The keys drawn as their own series, and whether an "other" series holds the rest. */
export function seriesKeys(rows: UsageRow[], max = MAX_SERIES): string[] {
  const ranked = rankKeys(rows);
  return ranked.length <= max ? ranked : [...ranked.slice(0, max - 1), OTHER_KEY];
}

export type ChartPoint = {
  t: number;
  label: string;
  /** Per series (index of ChartData.keys). */
  quota: number[];
  count: number[];
  tokens: number[];
};
export type ChartData = { keys: string[]; points: ChartPoint[] };

export function chartData(
  rows: UsageRow[],
  g: Granularity,
  range: { start: number; end: number },
  max = MAX_SERIES,
): ChartData {
  const keys = seriesKeys(rows, max);
  const index = new Map(keys.map((k, i) => [k, i]));
  const otherIndex = index.get(OTHER_KEY);
  const zeros = () => keys.map(() => 0);
  const points = new Map<number, ChartPoint>();
  for (const t of bucketStarts(range.start, range.end, g))
    points.set(t, { t, label: bucketLabel(t, g), quota: zeros(), count: zeros(), tokens: zeros() });
  for (const r of rows) {
    const t = bucketStart(r.created_at, g);
    let p = points.get(t);
    if (!p) {
      p = { t, label: bucketLabel(t, g), quota: zeros(), count: zeros(), tokens: zeros() };
      points.set(t, p);
    }
    const i = index.get(r.key) ?? otherIndex;
    if (i === undefined) continue;
    p.quota[i] = p.quota[i]! + r.quota;
    p.count[i] = p.count[i]! + r.count;
    p.tokens[i] = p.tokens[i]! + r.token_used;
  }
  return { keys, points: [...points.values()].sort((a, b) => a.t - b.t) };
}

/** Each series' share of one metric (for the pie), largest first, "other" last; zero shares dropped. */
export function shareOf(rows: UsageRow[], metric: Metric, max = MAX_SERIES): { key: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.key, (totals.get(r.key) ?? 0) + valueOf(r, metric));
  const ranked = [...totals.entries()]
    .filter(([, v]) => v > 0)
    .sort(([ak, a], [bk, b]) => b - a || ak.localeCompare(bk))
    .map(([key, value]) => ({ key, value }));
  if (ranked.length <= max) return ranked;
  const rest = ranked.slice(max - 1).reduce((s, e) => s + e.value, 0);
  return [...ranked.slice(0, max - 1), { key: OTHER_KEY, value: rest }];
}
