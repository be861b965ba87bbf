"use client";

// Each model's (or user's) share of quota, requests or tokens over the range: a donut and a
// legend list with percentages (a list reads better than a pie legend at 375 px).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { ChartCard, seriesColor, useSeriesName } from "@/modules/logs/components/dashboard/chart-kit";
import { Select } from "@/components/ui/select";
import { shareOf, type Metric, type UsageRow } from "@/modules/logs/dashboard/series";

const METRICS: Metric[] = ["quota", "count", "tokens"];

export function ShareChart({
  rows,
  keys,
  title,
  format,
}: {
  rows: UsageRow[];
  /** The series order of the time charts, so a model keeps its colour. */
  keys: string[];
  title: string;
  format: (metric: Metric, v: number) => string;
}) {
  const t = useTranslations("dashboard");
  const name = useSeriesName();
  const [metric, setMetric] = useState<Metric>("quota");
  const shares = shareOf(rows, metric);
  const total = shares.reduce((s, e) => s + e.value, 0);
  const color = (key: string, i: number) => {
    const at = keys.indexOf(key);
    return seriesColor(key, at >= 0 ? at : keys.length + i);
  };
  return (
    <ChartCard
      title={title}
      testId="dashboard-chart-share"
      height="h-auto"
      actions={
        <Select
          aria-label={t("share_metric")}
          value={metric}
          onValueChange={(v) => setMetric(v as Metric)}
          options={METRICS.map((m) => ({ value: m, label: t(`metric_${m}`) }))}
          className="h-8 w-28"
          data-testid="dashboard-share-metric"
        />
      }
    >
      {shares.length === 0 ? (
        <p className="flex h-56 items-center justify-center text-sm text-muted">{t("empty")}</p>
      ) : (
        <div className="flex flex-col items-center gap-4 sm:flex-row">
          <div className="h-48 w-full sm:w-44 sm:shrink-0">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart>
                <Pie
                  data={shares}
                  dataKey="value"
                  nameKey="key"
                  innerRadius="55%"
                  outerRadius="85%"
                  paddingAngle={shares.length > 1 ? 1 : 0}
                  stroke={shares.length > 1 ? "var(--surface)" : "none"}
                  isAnimationActive={false}
                >
                  {shares.map((s, i) => (
                    <Cell key={s.key} fill={color(s.key, i)} />
                  ))}
                </Pie>
                <Tooltip
                  formatter={(v, n) => [format(metric, Number(v)), name(String(n))]}
                  contentStyle={{
                    background: "var(--surface)",
                    border: "1px solid var(--border)",
                    borderRadius: 6,
                    fontSize: 12,
                  }}
                  itemStyle={{ color: "var(--foreground)" }}
                />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <ul className="flex w-full min-w-0 flex-col gap-1.5 text-sm sm:flex-1" data-testid="dashboard-share-legend">
            {shares.map((s, i) => (
              <li key={s.key} className="flex items-center gap-2">
                <span className="h-2.5 w-2.5 shrink-0 rounded-sm" style={{ background: color(s.key, i) }} />
                <span className="min-w-0 flex-1 truncate" title={name(s.key)}>
                  {name(s.key)}
                </span>
                <span className="text-muted tabular-nums">{format(metric, s.value)}</span>
                <span className="w-12 text-right font-medium tabular-nums">
                  {((s.value / total) * 100).toFixed(1)}%
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ChartCard>
  );
}
