"use client";

// /pricing (public): every priced model with its billing type, ratios and price under the chosen
// group's ratio; search, group filter and a dollars / quota-units switch.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Banner } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { filterModels, formatPrice, modelPrices, type PricingModel } from "@/modules/pricing/client/pricing-display";
import { usePricing } from "@/modules/pricing/client/use-pricing";
import { QUOTA_TYPE } from "@/lib/constants";

export function PricingClient() {
  const t = useTranslations("pricing");
  const { status, user } = useSite();
  const pricing = usePricing();
  const [search, setSearch] = useState("");
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [currency, setCurrency] = useState(status.display_in_currency);
  const usable = pricing.data?.usable_group ?? {};
  const groups = Object.keys(usable);
  const group = chosenGroup ?? groups[0] ?? "default";
  const groupRatio = pricing.data?.group_ratio[group] ?? 1;
  const rows = filterModels(pricing.data?.data ?? [], group, search);
  const price = (usd: number) => formatPrice(usd, { currency, quotaPerUnit: status.quota_per_unit });

  const columns: Column<PricingModel>[] = [
    {
      id: "model",
      header: t("col_model"),
      cell: (m) => <span className="font-mono text-xs font-medium">{m.model_name}</span>,
    },
    {
      id: "price",
      header: t("col_price"),
      cell: (m) => {
        const p = modelPrices(m, groupRatio);
        return p.kind === "per_call" ? (
          <span data-testid="pricing-call-price">{t("call_price", { price: price(p.price) })}</span>
        ) : (
          <span className="flex flex-col text-xs" data-testid="pricing-token-price">
            <span>{t("input_price", { price: price(p.input) })}</span>
            <span>{t("output_price", { price: price(p.output) })}</span>
          </span>
        );
      },
    },
    {
      id: "type",
      header: t("col_type"),
      cell: (m) => (
        <Badge tone={m.quota_type === QUOTA_TYPE.perCall ? "warning" : "info"}>
          {t(m.quota_type === QUOTA_TYPE.perCall ? "type_1" : "type_0")}
        </Badge>
      ),
    },
    {
      id: "ratio",
      header: t("col_ratio"),
      cell: (m) =>
        m.quota_type === QUOTA_TYPE.perCall ? (
          <span className="text-xs text-muted">×{groupRatio}</span>
        ) : (
          <span className="text-xs text-muted">
            {t("ratio_detail", { model: m.model_ratio, completion: m.completion_ratio, group: groupRatio })}
          </span>
        ),
    },
    {
      id: "groups",
      header: t("col_groups"),
      cell: (m) => (
        <span className="flex flex-wrap gap-1">
          {m.enable_groups.map((g) => (
            <Badge key={g} tone={g === group ? "success" : "neutral"}>
              {g}
            </Badge>
          ))}
        </span>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      {!user ? <Banner tone="info">{t("visitor_hint")}</Banner> : null}
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full sm:w-64">
          <Search className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input
            className="pl-9"
            placeholder={t("search")}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="pricing-search"
          />
        </div>
        <Select
          className="w-full sm:w-64"
          aria-label={t("group")}
          value={group}
          onValueChange={setChosenGroup}
          options={groups.map((g) => ({
            value: g,
            label: t("group_option", { desc: usable[g] || g, ratio: pricing.data?.group_ratio[g] ?? 1 }),
          }))}
          data-testid="pricing-group"
        />
        <label className="flex items-center gap-2 text-sm sm:ml-auto">
          <Switch checked={!currency} onCheckedChange={(on) => setCurrency(!on)} data-testid="pricing-units" />
          {t("show_tokens")}
        </label>
      </div>
      <div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(m) => m.model_name}
          loading={pricing.isLoading}
          emptyText={t("empty")}
          data-testid="pricing-table"
        />
        <p className="pt-3 text-sm text-muted">{t("count", { count: rows.length })}</p>
      </div>
    </div>
  );
}
