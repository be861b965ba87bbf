"use client";

// Totals of the range (quota in $ or quota units per the status display settings, requests,
// tokens) and the average requests and tokens per minute.
import { useLocale, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { formatRate, type UsageSummary } from "@/modules/logs/dashboard/summary";

function Stat({
  label,
  value,
  hint,
  testId,
  className = "",
}: {
  label: string;
  value: string;
  hint?: string;
  testId: string;
  className?: string;
}) {
  return (
    <Card className={`flex min-w-0 flex-col gap-1 p-4 ${className}`} title={hint}>
      <span className="truncate text-xs text-muted sm:text-sm">{label}</span>
      <span className="truncate text-xl font-semibold tracking-tight tabular-nums sm:text-2xl" data-testid={testId}>
        {value}
      </span>
    </Card>
  );
}

export function SummaryCards({
  summary,
  formatQuota,
}: {
  summary: UsageSummary | null;
  formatQuota: (q: number) => string;
}) {
  const t = useTranslations("dashboard");
  const locale = useLocale();
  const n = (v: number) => new Intl.NumberFormat(locale).format(v);
  const show = (f: (s: UsageSummary) => string) => (summary ? f(summary) : "…");
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="dashboard-summary">
      <Stat label={t("card_quota")} value={show((s) => formatQuota(s.quota))} testId="dashboard-total-quota" />
      <Stat label={t("card_requests")} value={show((s) => n(s.count))} testId="dashboard-total-requests" />
      <Stat label={t("card_tokens")} value={show((s) => n(s.tokens))} testId="dashboard-total-tokens" />
      <Stat
        label={t("card_rpm")}
        value={show((s) => formatRate(s.rpm))}
        hint={t("card_rate_hint")}
        testId="dashboard-avg-rpm"
      />
      <Stat
        label={t("card_tpm")}
        value={show((s) => formatRate(s.tpm))}
        hint={t("card_rate_hint")}
        testId="dashboard-avg-tpm"
        className="col-span-2 sm:col-span-1"
      />
    </div>
  );
}
