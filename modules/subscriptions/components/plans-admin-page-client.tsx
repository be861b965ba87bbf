"use client";

// /admin/subscriptions: the plan editor (every plan, enabled or not, in new-api's order) and the
// per-user view below it.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AddButton } from "@/components/admin/add-button";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Switch } from "@/components/ui/switch";
import { useAdminPlans, useSetPlanEnabled } from "@/modules/subscriptions/client/hooks";
import { PlanEditorDialog } from "@/modules/subscriptions/components/plan-editor-dialog";
import { usePlanText } from "@/modules/subscriptions/components/plan-text";
import { UserSubscriptionsPanel } from "@/modules/subscriptions/components/user-subscriptions-panel";
import type { PlanDto } from "@/modules/subscriptions/schemas";

export function PlansAdminPageClient() {
  const t = useTranslations("subscriptions");
  const text = usePlanText();
  const plans = useAdminPlans();
  const setEnabled = useSetPlanEnabled();
  const [editing, setEditing] = useState<PlanDto | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (plan: PlanDto | null) => {
    setEditing(plan);
    setOpen(true);
  };

  const columns: Column<PlanDto>[] = [
    { id: "title", header: t("field_title"), cell: (p) => <span className="font-medium">{p.title}</span> },
    {
      id: "price",
      header: t("field_price_amount"),
      cell: (p) => <span className="tabular-nums">{text.price(p.price_amount)}</span>,
    },
    { id: "duration", header: t("col_duration"), cell: (p) => text.duration(p) },
    { id: "quota", header: t("field_total_amount"), cell: (p) => text.total(p.total_amount) },
    { id: "reset", header: t("field_quota_reset_period"), cell: (p) => text.reset(p) },
    { id: "limit", header: t("field_max_purchase_per_user"), cell: (p) => p.max_purchase_per_user || t("unlimited") },
    { id: "sort", header: t("field_sort_order"), cell: (p) => p.sort_order },
    {
      id: "enabled",
      header: t("field_enabled"),
      cell: (p) => (
        <Switch
          checked={p.enabled}
          aria-label={t("field_enabled")}
          data-testid="plan-row-enabled"
          onCheckedChange={(enabled) => setEnabled.mutate({ id: p.id, enabled })}
        />
      ),
    },
    {
      id: "actions",
      header: "",
      cell: (p) => (
        <Button variant="outline" size="sm" onClick={() => edit(p)} data-testid="plan-row-edit">
          {t("edit")}
        </Button>
      ),
    },
  ];

  const rows = (plans.data ?? []).map((r) => r.plan);
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3 p-5">
        <div className="flex justify-end">
          <AddButton label={t("create_title")} onClick={() => edit(null)} data-testid="plan-add" />
        </div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(p) => p.id}
          loading={plans.isPending}
          emptyText={t("plans_empty")}
          data-testid="plans-table"
        />
      </Card>
      <UserSubscriptionsPanel plans={rows} />
      <PlanEditorDialog open={open} onOpenChange={setOpen} plan={editing} />
    </div>
  );
}
