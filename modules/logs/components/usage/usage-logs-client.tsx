"use client";

// /app/logs/api-usage: stats badges, filters, type select, column settings, expandable rows.
// Admins see everyone's rows and the channel, user and retry columns.
import { Columns3 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import {
  LogColumnSettings,
  parseHidden,
  useHiddenLogColumns,
} from "@/modules/logs/components/usage/log-column-settings";
import { useLogColumns } from "@/modules/logs/components/usage/log-columns";
import { LogDetails } from "@/modules/logs/components/usage/log-details";
import { FilterActions } from "@/components/admin/filter-actions";
import { PagedTable } from "@/components/admin/paged-table";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { LogFilters } from "@/modules/logs/client/usage/api";
import { useLogStat, useLogs } from "@/modules/logs/client/usage/hooks";
import { defaultLogRange, LOG_TYPES } from "@/modules/logs/client/usage/log-display";
import { toLocalInput } from "@/lib/format-time";
import { usePaging } from "@/lib/client/use-page-size";
import { ROLE, LOG_TYPE_ANY } from "@/lib/constants";
import { formatQuota } from "@/lib/format";

type Draft = Omit<LogFilters, "start_timestamp" | "end_timestamp"> & { start: string; end: string };

function initialDraft(): Draft {
  const range = defaultLogRange();
  return {
    type: LOG_TYPE_ANY,
    username: "",
    token_name: "",
    model_name: "",
    group: "",
    channel: "",
    start: toLocalInput(new Date(range.start * 1000)),
    end: toLocalInput(new Date(range.end * 1000)),
  };
}

// The free-text filters in their order on screen; user and channel are for admins only.
const TEXT_FILTERS: {
  field: "token_name" | "model_name" | "group" | "username" | "channel";
  label: "token" | "model" | "group" | "username" | "channel";
  adminOnly?: boolean;
}[] = [
  { field: "token_name", label: "token" },
  { field: "model_name", label: "model" },
  { field: "group", label: "group" },
  { field: "username", label: "username", adminOnly: true },
  { field: "channel", label: "channel", adminOnly: true },
];

const toSeconds = (local: string) => {
  const ms = new Date(local).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
};
function toFilters({ start, end, ...rest }: Draft): LogFilters {
  return { ...rest, start_timestamp: toSeconds(start), end_timestamp: toSeconds(end) };
}

export function UsageLogsClient() {
  const t = useTranslations("logs");
  const { status, user } = useSite();
  const admin = (user?.role ?? 0) >= ROLE.admin;
  const [draft, setDraft] = useState(initialDraft);
  const [filters, setFilters] = useState(() => toFilters(draft));
  const paging = usePaging("logs-page-size");
  const { page, setPage, pageSize } = paging;
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [hiddenRaw] = useHiddenLogColumns();
  const logs = useLogs(admin, filters, page, pageSize);
  const stat = useLogStat(admin, filters);
  const toggle = (id: number) =>
    setExpanded((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allColumns = useLogColumns({ admin, expanded, onToggle: toggle });
  const columns = useMemo(() => {
    const hidden = parseHidden(hiddenRaw);
    return allColumns.filter((c) => !hidden.includes(c.id as never));
  }, [allColumns, hiddenRaw]);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setPage(1);
    const next = toFilters(draft);
    // The same filters again ("Search" to see new calls): ask again rather than show the cached page.
    if (JSON.stringify(next) === JSON.stringify(filters) && page === 1) {
      void logs.refetch();
      void stat.refetch();
    } else setFilters(next);
  };
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2" data-testid="log-stats">
        <Badge tone="info" className="px-2.5 py-1 text-sm" data-testid="log-stat-quota">
          {t("stat_quota")}: {quota(stat.data?.quota ?? 0)}
        </Badge>
        <Badge tone="warning" className="px-2.5 py-1 text-sm" data-testid="log-stat-rpm">
          {t("stat_rpm")}: {stat.data?.rpm ?? 0}
        </Badge>
        <Badge tone="lime" className="px-2.5 py-1 text-sm" data-testid="log-stat-tpm">
          {t("stat_tpm")}: {stat.data?.tpm ?? 0}
        </Badge>
      </div>

      <form onSubmit={submit} className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" data-testid="log-filters">
        <Input
          type="datetime-local"
          aria-label={t("filter_start")}
          value={draft.start}
          onChange={(e) => set({ start: e.target.value })}
          data-testid="log-filter-start"
        />
        <Input
          type="datetime-local"
          aria-label={t("filter_end")}
          value={draft.end}
          onChange={(e) => set({ end: e.target.value })}
          data-testid="log-filter-end"
        />
        {TEXT_FILTERS.filter((f) => admin || !f.adminOnly).map((f) => (
          <Input
            key={f.field}
            placeholder={t(`filter_${f.label}`)}
            inputMode={f.field === "channel" ? "numeric" : undefined}
            value={draft[f.field]}
            onChange={(e) => set({ [f.field]: e.target.value })}
            data-testid={`log-filter-${f.label}`}
          />
        ))}
        <Select
          aria-label={t("filter_type")}
          value={String(draft.type)}
          onValueChange={(v) => set({ type: Number(v) })}
          options={LOG_TYPES.map((type) => ({ value: String(type), label: t(`type_${type}`) }))}
          data-testid="log-filter-type"
        />
        <FilterActions
          className="sm:col-span-2 lg:col-span-4"
          queryLabel={t("query")}
          resetLabel={t("reset")}
          onReset={() => {
            const fresh = initialDraft();
            setDraft(fresh);
            setFilters(toFilters(fresh));
            setPage(1);
          }}
          queryTestId="log-query"
        >
          <Button
            type="button"
            variant="outline"
            className="ml-auto"
            onClick={() => setSettingsOpen(true)}
            data-testid="log-columns"
          >
            <Columns3 className="h-4 w-4" />
            {t("column_settings")}
          </Button>
        </FilterActions>
      </form>

      <PagedTable
        columns={columns}
        rows={logs.data?.items ?? []}
        rowKey={(r) => r.id}
        loading={logs.isFetching}
        emptyText={t("empty")}
        renderExpanded={(r) => (expanded.has(r.id) ? <LogDetails log={r} admin={admin} /> : null)}
        data-testid="log-table"
        paging={paging}
        total={logs.data?.total ?? 0}
        paginationTestId="log-pagination"
      />
      <LogColumnSettings open={settingsOpen} onOpenChange={setSettingsOpen} admin={admin} />
    </div>
  );
}
