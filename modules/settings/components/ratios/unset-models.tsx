"use client";

// Unset-ratio models: enabled models (GET /api/channel/models_enabled) that have neither a
// price nor a ratio, with selection, batch set, and fill from the public defaults: the preset files
// of the chosen variant (fetched by our server), else the table bundled with the app
// (modules/pricing/ratios/preset-fill.ts). The admin is told which source was used. Changes go to the shared
// pricing draft.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { BatchSetDialog } from "@/modules/settings/components/ratios/batch-set-dialog";
import { Button } from "@/components/ui/button";
import { Banner } from "@/components/ui/card";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { fetchPresetRatios } from "@/modules/settings/client/api";
import { useEnabledModels } from "@/modules/settings/client/hooks";
import { usePaging } from "@/lib/client/use-page-size";
import {
  applyBatch,
  checkBatch,
  unsetModels,
  type BatchValues,
  fillFromPreset,
  PRESET_SOURCES,
  type PresetSource,
  type PricingMaps,
} from "@/modules/pricing/client";

export function UnsetModels({ maps, onChange }: { maps: PricingMaps; onChange: (m: PricingMaps) => void }) {
  const t = useTranslations("settings");
  const enabled = useEnabledModels();
  const { page, setPage, pageSize, setPageSize } = usePaging("settings-unset-models-page-size");
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [source, setSource] = useState<PresetSource>("flexible");
  const [filling, setFilling] = useState(false);
  /** Which source the last fill used, shown beside the buttons. */
  const [usedSource, setUsedSource] = useState<string | null>(null);
  const models = unsetModels(enabled.data ?? [], maps);
  const chosen = selected.filter((m): m is string => typeof m === "string" && models.includes(m));
  const current = Math.min(page, Math.max(1, Math.ceil(models.length / pageSize)));
  const rows = models.slice((current - 1) * pageSize, current * pageSize).map((name) => ({ name }));

  const openBatch = () => {
    if (chosen.length === 0) return void toast.error(t("pricing.problems.select_models"));
    setBatchOpen(true);
  };
  const fill = async () => {
    const targets = chosen.length ? chosen : models;
    setFilling(true);
    const out = await fillFromPreset(maps, targets, source, fetchPresetRatios).finally(() => setFilling(false));
    if (out.kind === "failed") {
      toast.error(t("pricing.preset_fetch_failed"));
      return void toast.error(t("pricing.fill_failed"));
    }
    if (out.kind === "preset_none") return void toast.error(t("pricing.fill_none"));
    onChange(out.maps);
    setSelected([]);
    if (out.kind === "preset") {
      const label = t(`pricing.preset_sources.${out.source}`);
      setUsedSource(t("pricing.source_preset", { source: label }));
      toast.success(t("pricing.preset_fetched"), {
        description: t("pricing.fill_done_from", { count: out.filled.length, source: label }),
      });
    } else {
      setUsedSource(t("pricing.source_bundled"));
      toast.error(t("pricing.preset_fetch_failed"), {
        description: t("pricing.fill_done_bundled", { count: out.filled.length }),
      });
    }
  };

  if (enabled.isError)
    return (
      <Banner
        tone="danger"
        className="flex flex-wrap items-center justify-between gap-3"
        data-testid="unset-load-error"
      >
        <span>{t("pricing.models_load_failed")}</span>
        <Button size="sm" variant="outline" onClick={() => void enabled.refetch()}>
          {t("retry")}
        </Button>
      </Banner>
    );

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="mr-auto text-sm text-muted" data-testid="unset-count">
          {t("pricing.unset_count", { count: models.length, selected: chosen.length })}
        </span>
        <Button variant="outline" onClick={openBatch} data-testid="unset-batch">
          {t("pricing.batch_set")}
        </Button>
        <Select
          aria-label={t("pricing.preset_source")}
          data-testid="unset-preset-source"
          className="w-44"
          value={source}
          onValueChange={(v) => setSource(v as PresetSource)}
          options={PRESET_SOURCES.map((s) => ({ value: s, label: t(`pricing.preset_sources.${s}`) }))}
        />
        <Button
          variant="outline"
          onClick={() => void fill()}
          loading={filling}
          disabled={models.length === 0}
          data-testid="unset-fill"
        >
          {t("pricing.fill_defaults")}
        </Button>
      </div>
      {usedSource ? (
        <p className="text-xs text-muted" data-testid="unset-fill-source">
          {usedSource}
        </p>
      ) : null}
      <DataTable
        columns={[
          {
            id: "name",
            header: t("pricing.col_name"),
            cell: (r) => <span className="font-mono text-xs">{r.name}</span>,
          },
        ]}
        rows={rows}
        rowKey={(r) => r.name}
        loading={enabled.isPending}
        emptyText={t("pricing.unset_empty")}
        selection={{ selected, onChange: setSelected }}
        data-testid="unset-table"
      />
      <Pagination
        page={current}
        pageSize={pageSize}
        total={models.length}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
      />
      {batchOpen ? (
        <BatchSetDialog
          count={chosen.length}
          onClose={() => setBatchOpen(false)}
          onSubmit={(values: BatchValues) => {
            const problem = checkBatch(chosen, values);
            if (problem) return t(`pricing.problems.${problem}`);
            onChange(applyBatch(maps, chosen, values));
            setSelected([]);
            setBatchOpen(false);
            toast.success(t("pricing.batch_done", { count: chosen.length }));
            return null;
          }}
        />
      ) : null}
    </div>
  );
}
