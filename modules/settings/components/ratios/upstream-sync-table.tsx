"use client";

// What differs between our prices and the upstreams': one row per model and price type, our value,
// each upstream's (click one to choose it; values that look like placeholders are flagged), and per
// model an "apply" that writes the chosen values into the pricing draft (saved with the section).
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import type { SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { usePaging } from "@/lib/client/use-page-size";
import { cn } from "@/lib/client/cn";
import {
  RATIO_OPTION,
  RATIO_TYPES,
  type DifferenceItem,
  type RatioDifferences,
  type RatioType,
  type UpstreamValue,
} from "@/modules/pricing/client";

type Row = { key: string; model: string; type: RatioType; item: DifferenceItem };

const firstNumber = (item: DifferenceItem) =>
  Object.entries(item.upstreams).find((e): e is [string, number] => typeof e[1] === "number")?.[0];

function rowsOf(differences: RatioDifferences, filter: string): Row[] {
  const rows: Row[] = [];
  const needle = filter.trim().toLowerCase();
  for (const model of Object.keys(differences).sort()) {
    if (needle && !model.toLowerCase().includes(needle)) continue;
    for (const type of RATIO_TYPES) {
      const item = differences[model]?.[type];
      if (item) rows.push({ key: `${model}\u0000${type}`, model, type, item });
    }
  }
  return rows;
}

/** The draft map of an option, parsed (an unparsable draft is not touched: the JSON tab says so). */
function draftMap(section: SettingsSection, key: string): Record<string, number> | null {
  try {
    const v: unknown = JSON.parse(section.value(key).trim() || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, number>) : null;
  } catch {
    return null;
  }
}

export function UpstreamSyncTable({
  differences,
  section,
}: {
  differences: RatioDifferences;
  section: SettingsSection;
}) {
  const t = useTranslations("settings");
  const [filter, setFilter] = useState("");
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [applied, setApplied] = useState<Set<string>>(new Set());
  const { page, setPage, pageSize, setPageSize } = usePaging("settings-ratio-sync-page-size");
  const rows = useMemo(() => rowsOf(differences, filter), [differences, filter]);
  const upstreamNames = useMemo(() => [...new Set(rows.flatMap((r) => Object.keys(r.item.upstreams)))], [rows]);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * pageSize, current * pageSize);
  const chosenOf = (r: Row) => choice[r.key] ?? firstNumber(r.item);

  const apply = (model: string) => {
    const next = new Map<string, Record<string, number>>();
    for (const r of rows.filter((x) => x.model === model)) {
      const name = chosenOf(r);
      const value = name ? r.item.upstreams[name] : null;
      if (typeof value !== "number") continue;
      const key = RATIO_OPTION[r.type];
      const map = next.get(key) ?? draftMap(section, key);
      if (!map) continue;
      next.set(key, { ...map, [model]: value });
    }
    for (const [key, map] of next) section.set(key, JSON.stringify(map, null, 2));
    setApplied((s) => new Set(s).add(model));
  };

  const cellOf = (r: Row, name: string, v: UpstreamValue | undefined) => {
    if (v === undefined || v === null) return <span className="text-muted">{t("pricing.sync.none")}</span>;
    if (v === "same") return <span className="text-muted">{t("pricing.sync.same")}</span>;
    const on = chosenOf(r) === name;
    return (
      <button
        type="button"
        aria-pressed={on}
        onClick={() => setChoice((c) => ({ ...c, [r.key]: name }))}
        className={cn(
          "rounded border px-2 py-0.5 font-mono text-xs",
          on ? "border-primary bg-primary/10" : "border-border",
        )}
        title={r.item.confidence[name] === false ? t("pricing.sync.untrusted") : undefined}
      >
        {v}
        {r.item.confidence[name] === false ? " ⚠" : ""}
      </button>
    );
  };

  const columns = [
    {
      id: "model",
      header: t("pricing.sync.model"),
      cell: (r: Row) => <span className="font-mono text-xs">{r.model}</span>,
    },
    { id: "type", header: t("pricing.sync.type"), cell: (r: Row) => t(`pricing.sync.types.${r.type}`) },
    { id: "current", header: t("pricing.sync.current"), cell: (r: Row) => r.item.current ?? t("pricing.sync.none") },
    ...upstreamNames.map((name) => ({
      id: `u-${name}`,
      header: name,
      cell: (r: Row) => cellOf(r, name, r.item.upstreams[name]),
    })),
    {
      id: "apply",
      header: "",
      cell: (r: Row) =>
        applied.has(r.model) ? (
          <span className="text-xs text-muted">{t("pricing.sync.applied")}</span>
        ) : (
          <Button size="sm" variant="outline" onClick={() => apply(r.model)} data-testid={`sync-apply-${r.model}`}>
            {t("pricing.sync.apply")}
          </Button>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-sm text-muted" data-testid="sync-diff-count">
          {t("pricing.sync.diff_count", { count: Object.keys(differences).length })}
        </span>
        <Input
          aria-label={t("pricing.sync.filter")}
          placeholder={t("pricing.sync.filter")}
          className="w-56"
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value);
            setPage(1);
          }}
        />
      </div>
      {applied.size > 0 ? <p className="text-xs text-muted">{t("pricing.sync.save_hint")}</p> : null}
      <DataTable
        columns={columns}
        rows={shown}
        rowKey={(r) => r.key}
        emptyText={t("pricing.sync.no_diff")}
        data-testid="sync-diff-table"
      />
      <Pagination
        page={current}
        pageSize={pageSize}
        total={rows.length}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
    </div>
  );
}
