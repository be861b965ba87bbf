"use client";

// What one query answered: summary cards, then the charts (quota stacked by model, requests per
// model, tokens stacked, share), or the loading, empty and error states.
import { RotateCcw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ChartCard } from "@/modules/logs/components/dashboard/chart-kit";
import { ShareChart } from "@/modules/logs/components/dashboard/share-chart";
import { SummaryCards } from "@/modules/logs/components/dashboard/summary-cards";
import { TimeSeriesChart } from "@/modules/logs/components/dashboard/time-series-chart";
import { Banner, Card } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { chartData, type Metric, type UsageRow } from "@/modules/logs/dashboard/series";
import { summarize } from "@/modules/logs/dashboard/summary";
import { shortenNumber } from "@/lib/format";
import type { Granularity } from "@/modules/logs/schemas/dashboard";

export function DashboardResults({
  rows,
  asOf,
  loading,
  error,
  onRetry,
  range,
  granularity,
  byUser,
  formatQuota,
  axisFormat,
}: {
  rows: UsageRow[] | undefined;
  /** When the rows were fetched (unix seconds): the averages count the range up to then. */
  asOf: number;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  range: { start: number; end: number };
  granularity: Granularity;
  byUser: boolean;
  formatQuota: (q: number, precise?: boolean) => string;
  /** Quota on the Y axis (close ticks stay distinct). */
  axisFormat: (q: number) => string;
}) {
  const t = useTranslations("dashboard");
  const data = useMemo(() => (rows ? chartData(rows, granularity, range) : null), [rows, granularity, range]);
  const summary = useMemo(() => (rows ? summarize(rows, range, asOf) : null), [rows, range, asOf]);
  const count = (v: number) => shortenNumber(Math.round(v));
  const by = byUser ? t("chart_by_user") : t("chart_by_model");
  const title = (key: "chart_quota" | "chart_requests" | "chart_tokens" | "chart_share") => `${t(key)} · ${by}`;
  const formatMetric = (m: Metric, v: number) => (m === "quota" ? formatQuota(v, true) : count(v));

  if (error && !rows)
    return (
      <Banner tone="danger" className="flex flex-wrap items-center justify-between gap-3" data-testid="dashboard-error">
        <div>
          <p className="font-medium">{t("error_title")}</p>
          <p className="text-muted">{error}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCcw className="h-4 w-4" />
          {t("retry")}
        </Button>
      </Banner>
    );
  if (!rows || !data)
    return (
      <div className="flex flex-col gap-4" aria-busy="true" data-testid="dashboard-loading">
        <SummaryCards summary={null} formatQuota={formatQuota} />
        <div className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((i) => (
            <Card key={i} className="h-80 animate-pulse bg-surface-muted" />
          ))}
        </div>
        <span className="sr-only">{t("loading")}</span>
      </div>
    );
  return (
    <div className={`flex flex-col gap-4 ${loading ? "opacity-70" : ""}`} aria-busy={loading || undefined}>
      <SummaryCards summary={summary} formatQuota={formatQuota} />
      {rows.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-16 text-center" data-testid="dashboard-empty">
          <p className="font-medium">{t("empty")}</p>
          <p className="max-w-md text-sm text-muted">{t("empty_hint")}</p>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="dashboard-charts">
          <ChartCard title={title("chart_quota")} testId="dashboard-chart-quota">
            <TimeSeriesChart
              data={data}
              field="quota"
              kind="bar"
              format={(v) => formatQuota(v, true)}
              formatAxis={axisFormat}
            />
          </ChartCard>
          <ChartCard title={title("chart_requests")} testId="dashboard-chart-requests">
            <TimeSeriesChart data={data} field="count" kind="line" format={count} formatAxis={count} />
          </ChartCard>
          <ChartCard title={title("chart_tokens")} testId="dashboard-chart-tokens">
            <TimeSeriesChart data={data} field="tokens" kind="area" format={count} formatAxis={count} />
          </ChartCard>
          <ShareChart rows={rows} keys={data.keys} title={title("chart_share")} format={formatMetric} />
        </div>
      )}
    </div>
  );
}
