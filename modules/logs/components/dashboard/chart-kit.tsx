"use client";

// Shared pieces of the dashboard charts: the card frame with a sized box (ResponsiveContainer needs
// a parent with a height), theme-aware axis/grid/tooltip styling, series colours and names.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { OTHER_KEY } from "@/modules/logs/dashboard/series";

const PALETTE_SIZE = 8;

/** The colour of series `index` (stable across charts: series are ranked once per data set). */
export function seriesColor(key: string, index: number): string {
  return key === OTHER_KEY ? "var(--chart-other)" : `var(--chart-${(index % PALETTE_SIZE) + 1})`;
}

/** The display name of a series key: "other", an empty model name, or the key itself. */
export function useSeriesName(): (key: string) => string {
  const t = useTranslations("dashboard");
  return (key) => (key === OTHER_KEY ? t("other") : key === "" ? t("unnamed") : key);
}

export const axisTick = { fill: "var(--muted)", fontSize: 12 };
export const axisLine = { stroke: "var(--border)" };

export function ChartCard({
  title,
  actions,
  children,
  testId,
  height = "h-72",
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId: string;
  height?: string;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4 sm:p-5" data-testid={testId}>
      <div className="flex min-h-8 items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">{title}</h2>
        {actions}
      </div>
      <div className={`${height} w-full min-w-0`}>{children}</div>
    </Card>
  );
}

/** Tooltip body: the bucket, its non-zero series largest first, and their total. */
export function SeriesTooltip({
  active,
  payload,
  label,
  format,
}: {
  active?: boolean;
  payload?: ReadonlyArray<{ name?: unknown; value?: unknown; color?: string }>;
  label?: unknown;
  format: (v: number) => string;
}) {
  const t = useTranslations("dashboard");
  if (!active || !payload?.length) return null;
  const items = payload
    .map((p) => ({ name: String(p.name ?? ""), value: Number(p.value ?? 0), color: String(p.color ?? "") }))
    .filter((p) => p.value > 0)
    .sort((a, b) => b.value - a.value);
  const total = items.reduce((s, p) => s + p.value, 0);
  return (
    <div className="max-w-64 rounded-md border border-border bg-surface px-3 py-2 text-xs text-foreground shadow-lg">
      <div className="mb-1 font-medium">{String(label ?? "")}</div>
      {items.map((p) => (
        <div key={p.name} className="flex items-center gap-2">
          <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: p.color }} />
          <span className="min-w-0 flex-1 truncate">{p.name}</span>
          <span className="tabular-nums">{format(p.value)}</span>
        </div>
      ))}
      {items.length > 1 ? (
        <div className="mt-1 flex justify-between border-t border-border pt-1 font-medium">
          <span>{t("total")}</span>
          <span className="tabular-nums">{format(total)}</span>
        </div>
      ) : null}
    </div>
  );
}

export function legendText(value: string) {
  return <span className="text-xs text-foreground">{value}</span>;
}
