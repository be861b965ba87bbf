"use client";

// Range (start/end), time unit (regroups on the client, no new query), and for admins a username.
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { FilterActions } from "@/components/admin/filter-actions";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { GRANULARITIES, type Granularity } from "@/modules/logs/schemas/dashboard";
import { ErrorText } from "@/components/ui/error-text";

export type FilterDraft = { start: string; end: string; username: string };

export function DashboardFilters({
  draft,
  onDraft,
  granularity,
  onGranularity,
  showUsername,
  onSubmit,
  onReset,
  busy,
  error,
}: {
  draft: FilterDraft;
  onDraft: (patch: Partial<FilterDraft>) => void;
  granularity: Granularity;
  onGranularity: (g: Granularity) => void;
  showUsername: boolean;
  onSubmit: () => void;
  onReset: () => void;
  busy: boolean;
  error: string | null;
}) {
  const t = useTranslations("dashboard");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="dashboard-filters">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          type="datetime-local"
          aria-label={t("filter_start")}
          title={t("filter_start")}
          value={draft.start}
          onChange={(e) => onDraft({ start: e.target.value })}
          aria-invalid={error ? true : undefined}
          data-testid="dashboard-filter-start"
        />
        <Input
          type="datetime-local"
          aria-label={t("filter_end")}
          title={t("filter_end")}
          value={draft.end}
          onChange={(e) => onDraft({ end: e.target.value })}
          aria-invalid={error ? true : undefined}
          data-testid="dashboard-filter-end"
        />
        <Select
          aria-label={t("granularity")}
          value={granularity}
          onValueChange={(v) => onGranularity(v as Granularity)}
          options={GRANULARITIES.map((g) => ({ value: g, label: t(`granularity_${g}`) }))}
          data-testid="dashboard-granularity"
        />
        {showUsername ? (
          <Input
            placeholder={t("filter_username")}
            aria-label={t("filter_username")}
            value={draft.username}
            onChange={(e) => onDraft({ username: e.target.value })}
            data-testid="dashboard-filter-username"
          />
        ) : null}
      </div>
      <ErrorText size="xs" data-testid="dashboard-filter-error">
        {error}
      </ErrorText>
      <FilterActions
        queryLabel={t("query")}
        resetLabel={t("reset")}
        onReset={onReset}
        loading={busy}
        queryTestId="dashboard-query"
        resetTestId="dashboard-reset"
      />
    </form>
  );
}
