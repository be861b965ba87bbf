"use client";

// Visual ratio settings: the models of the pricing maps in a paged table (10 per page)
// with search, add/edit dialog and removal. Changes go to the shared pricing draft.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PricingRowDialog } from "@/modules/settings/components/ratios/pricing-row-dialog";
import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import {
  applyRow,
  inputPriceFromRatio,
  outputPriceFromRatios,
  removeRow,
  rowsFromMaps,
  type PricingMaps,
  type PricingRow,
} from "@/modules/pricing/client";
import { AddButton } from "@/components/admin/add-button";
import { EditDeleteButtons } from "@/components/admin/edit-delete-buttons";

const PAGE_SIZE = 10;
const dash = (n: number | undefined) => (n === undefined ? "-" : String(n));

export function PricingVisual({ maps, onChange }: { maps: PricingMaps; onChange: (m: PricingMaps) => void }) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<PricingRow | "new" | null>(null);
  const all = rowsFromMaps(maps);
  const rows = all.filter((r) => r.name.toLowerCase().includes(query.trim().toLowerCase()));
  const current = Math.min(page, Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
  const pageRows = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const columns: Column<PricingRow>[] = [
    { id: "name", header: t("pricing.col_name"), cell: (r) => <span className="font-mono text-xs">{r.name}</span> },
    {
      id: "mode",
      header: t("pricing.col_mode"),
      cell: (r) =>
        r.price !== undefined ? (
          <Badge tone="info">{t("pricing.per_request")}</Badge>
        ) : (
          <Badge tone="neutral">{t("pricing.per_token")}</Badge>
        ),
    },
    { id: "price", header: t("pricing.col_price"), cell: (r) => (r.price !== undefined ? `$${r.price}` : "-") },
    { id: "ratio", header: t("pricing.col_ratio"), cell: (r) => (r.price !== undefined ? "-" : dash(r.ratio)) },
    {
      id: "completion",
      header: t("pricing.col_completion"),
      cell: (r) => (r.price !== undefined ? "-" : dash(r.completionRatio)),
    },
    {
      id: "input_price",
      header: t("pricing.col_input_price"),
      cell: (r) => (r.price === undefined && r.ratio !== undefined ? `$${inputPriceFromRatio(r.ratio)}` : "-"),
    },
    {
      id: "output_price",
      header: t("pricing.col_output_price"),
      cell: (r) =>
        r.price === undefined && r.ratio !== undefined && r.completionRatio !== undefined
          ? `$${outputPriceFromRatios(r.ratio, r.completionRatio)}`
          : "-",
    },
    {
      id: "actions",
      header: tc("actions"),
      cell: (r) => (
        <EditDeleteButtons
          onEdit={() => setEditing(r)}
          onDelete={() => onChange(removeRow(maps, r.name))}
          testIdPrefix="pricing-row"
        />
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          className="w-full sm:w-64"
          placeholder={t("pricing.search")}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(1);
          }}
          data-testid="pricing-search"
        />
        <AddButton
          label={t("pricing.add")}
          className="sm:ml-auto"
          onClick={() => setEditing("new")}
          data-testid="pricing-add"
        />
      </div>
      <p className="text-xs text-muted">{t("pricing.visual_hint")}</p>
      <DataTable
        columns={columns}
        rows={pageRows}
        rowKey={(r) => r.name}
        emptyText={t("pricing.empty")}
        data-testid="pricing-table"
      />
      <Pagination
        page={current}
        pageSize={PAGE_SIZE}
        total={rows.length}
        onPageChange={setPage}
        pageSizes={[PAGE_SIZE]}
      />
      {editing ? (
        <PricingRowDialog
          row={editing === "new" ? null : editing}
          existing={all.map((r) => r.name)}
          onClose={() => setEditing(null)}
          onSubmit={(row, originalName) => {
            onChange(applyRow(maps, row, originalName));
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
