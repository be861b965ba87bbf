"use client";

// /app/dashboard: usage over time from the hourly aggregate. Users see their own usage;
// admins also everyone's per model (optionally one user's) and per user. Rendered after hydration
// only: the default range is in the viewer's time zone, and the charts measure their box.
import { AppLink } from "@/components/ui/app-link";
import { useTranslations } from "next-intl";
import { useMemo, useState, useSyncExternalStore } from "react";
import { DashboardFilters, type FilterDraft } from "@/modules/logs/components/dashboard/dashboard-filters";
import { DashboardResults } from "@/modules/logs/components/dashboard/dashboard-results";
import styles from "@/modules/logs/components/dashboard/dashboard.module.css";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { DashboardQuery, DashboardView } from "@/modules/logs/client/dashboard/api";
import { useDashboardRows } from "@/modules/logs/client/dashboard/hooks";
import { describeError } from "@/lib/client/describe-error";
import { toLocalInput } from "@/lib/format-time";
import { ROLE } from "@/lib/constants";
import { asGranularity, defaultRange } from "@/modules/logs/dashboard/buckets";
import { axisQuota } from "@/modules/logs/dashboard/summary";
import { formatQuota } from "@/lib/format";
import type { Granularity } from "@/modules/logs/schemas/dashboard";

const noop = () => () => undefined;
const useHydrated = () =>
  useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );

export function DashboardClient() {
  const t = useTranslations("dashboard");
  const { status, user } = useSite();
  const hydrated = useHydrated();
  if (!status.enable_data_export) {
    const admin = (user?.role ?? 0) >= ROLE.admin;
    return (
      <Banner tone="warning" className="flex flex-col gap-2" data-testid="dashboard-disabled">
        <p className="font-medium">{t("disabled_title")}</p>
        <p className="text-muted">{t("disabled_body")}</p>
        {admin ? (
          <div className="flex flex-wrap items-center gap-3">
            <span className="text-muted">{t("disabled_admin_hint")}</span>
            <Button asChild variant="outline" size="sm">
              <AppLink href="/admin/settings?tab=operation">{t("open_settings")}</AppLink>
            </Button>
          </div>
        ) : null}
      </Banner>
    );
  }
  if (!hydrated) return <p className="text-sm text-muted">{t("loading")}</p>;
  return <DashboardBody />;
}

const toSeconds = (local: string) => {
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : NaN;
};

function initialDraft(defaultTime: string): FilterDraft {
  const r = defaultRange(defaultTime, Math.floor(Date.now() / 1000));
  return { start: toLocalInput(new Date(r.start * 1000)), end: toLocalInput(new Date(r.end * 1000)), username: "" };
}

/** The draft as a query; an end inside the current minute reads as "now" so this minute's calls count. */
function toQuery(d: FilterDraft): DashboardQuery | null {
  const start = toSeconds(d.start);
  let end = toSeconds(d.end);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) return null;
  end += 59; // the inputs have minute precision: the end minute is included
  return { start, end, username: d.username.trim() };
}

function DashboardBody() {
  const t = useTranslations("dashboard");
  const te = useTranslations("errors");
  const { status, user } = useSite();
  const admin = (user?.role ?? 0) >= ROLE.admin;
  const defaultTime = status.data_export_default_time;
  const [view, setView] = useState<DashboardView>(admin ? "all" : "self");
  const [draft, setDraft] = useState(() => initialDraft(defaultTime));
  const [query, setQuery] = useState(() => toQuery(draft)!);
  const [granularity, setGranularity] = useState<Granularity>(asGranularity(defaultTime));
  const [draftError, setDraftError] = useState<string | null>(null);
  const rows = useDashboardRows(view, query);
  const range = useMemo(() => ({ start: query.start, end: query.end }), [query]);

  const quota = (q: number, precise = false) =>
    formatQuota(q, {
      inCurrency: status.display_in_currency,
      quotaPerUnit: status.quota_per_unit,
      digits: precise && status.display_in_currency ? 4 : 2,
    });
  const submit = () => {
    const next = toQuery(draft);
    setDraftError(next ? null : t("range_invalid"));
    if (next) setQuery(next);
  };
  const reset = () => {
    const fresh = initialDraft(defaultTime);
    setDraft(fresh);
    setDraftError(null);
    setGranularity(asGranularity(defaultTime));
    setQuery(toQuery(fresh)!);
  };

  return (
    <div className={`flex flex-col gap-4 ${styles.palette}`} data-testid="dashboard">
      {admin ? (
        <Tabs value={view} onValueChange={(v) => setView(v as DashboardView)}>
          <TabsList aria-label={t("views")}>
            <TabsTrigger value="all" data-testid="dashboard-view-all">
              {t("view_all")}
            </TabsTrigger>
            <TabsTrigger value="users" data-testid="dashboard-view-users">
              {t("view_users")}
            </TabsTrigger>
            <TabsTrigger value="self" data-testid="dashboard-view-self">
              {t("view_self")}
            </TabsTrigger>
          </TabsList>
        </Tabs>
      ) : null}
      <DashboardFilters
        draft={draft}
        onDraft={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        granularity={granularity}
        onGranularity={setGranularity}
        showUsername={admin && view !== "self"}
        onSubmit={submit}
        onReset={reset}
        busy={rows.isFetching}
        error={draftError}
      />
      <DashboardResults
        rows={rows.data}
        asOf={Math.floor(rows.dataUpdatedAt / 1000)}
        loading={rows.isFetching}
        error={rows.isError ? describeError(rows.error, te) : null}
        onRetry={() => void rows.refetch()}
        range={range}
        granularity={granularity}
        byUser={view === "users"}
        formatQuota={quota}
        axisFormat={(q) =>
          axisQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit })
        }
      />
    </div>
  );
}
