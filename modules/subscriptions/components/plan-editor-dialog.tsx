"use client";

// Create or edit a plan: the form checks with the routes' own schema (planSchema) before sending,
// so a refused field shows under its input; the server's answer is still the last word.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { FormDialogContent, FreshDialog } from "@/components/ui/form-dialog";
import { Field } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { useFieldErrors } from "@/lib/client/form-issues";
import { useCreatePlan, useUpdatePlan } from "@/modules/subscriptions/client/hooks";
import { DURATION_UNITS, RESET_PERIODS, planSchema, type PlanDto } from "@/modules/subscriptions/schemas";

type TextKey = "title" | "subtitle" | "upgrade_group" | "downgrade_group";
const NUMBER_FIELDS = [
  "price_amount",
  "duration_value",
  "custom_seconds",
  "total_amount",
  "quota_reset_custom_seconds",
  "max_purchase_per_user",
  "sort_order",
] as const;
type Draft = Record<TextKey | (typeof NUMBER_FIELDS)[number], string> & {
  duration_unit: string;
  quota_reset_period: string;
  enabled: boolean;
  allow_balance_pay: boolean;
};

function draftOf(plan: PlanDto | null): Draft {
  return {
    title: plan?.title ?? "",
    subtitle: plan?.subtitle ?? "",
    upgrade_group: plan?.upgrade_group ?? "",
    downgrade_group: plan?.downgrade_group ?? "",
    price_amount: String(plan?.price_amount ?? 0),
    duration_value: String(plan?.duration_value ?? 1),
    custom_seconds: String(plan?.custom_seconds ?? 0),
    total_amount: String(plan?.total_amount ?? 0),
    quota_reset_custom_seconds: String(plan?.quota_reset_custom_seconds ?? 0),
    max_purchase_per_user: String(plan?.max_purchase_per_user ?? 0),
    sort_order: String(plan?.sort_order ?? 0),
    duration_unit: plan?.duration_unit ?? "month",
    quota_reset_period: plan?.quota_reset_period ?? "never",
    enabled: plan?.enabled ?? true,
    allow_balance_pay: plan?.allow_balance_pay ?? true,
  };
}

/** `plan`: null creates a plan, else edits it. */
export function PlanEditorDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: PlanDto | null;
}) {
  return (
    <FreshDialog open={open} onOpenChange={onOpenChange}>
      {(close) => <PlanEditorForm plan={plan} close={close} />}
    </FreshDialog>
  );
}

function PlanEditorForm({ plan, close }: { plan: PlanDto | null; close: () => void }) {
  const t = useTranslations("subscriptions");
  const fieldErrors = useFieldErrors();
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const set = (key: keyof Draft, value: string | boolean) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    const numbers = Object.fromEntries(
      NUMBER_FIELDS.map((k) => [k, draft[k].trim() === "" ? Number.NaN : Number(draft[k])]),
    );
    const parsed = planSchema.safeParse({ ...draft, ...numbers });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    const done = () => {
      toast.success(t("saved"));
      close();
    };
    if (plan) update.mutate({ id: plan.id, plan: parsed.data }, { onSuccess: done });
    else create.mutate(parsed.data, { onSuccess: done });
  };

  const text = (key: TextKey | (typeof NUMBER_FIELDS)[number], numeric = false) => (
    <TextField
      id={`plan-${key}`}
      label={t(`field_${key}`)}
      value={draft[key]}
      inputMode={numeric ? "decimal" : undefined}
      error={errors[key]}
      onChange={(e) => set(key, e.target.value)}
    />
  );
  const toggle = (key: "enabled" | "allow_balance_pay") => (
    <Field id={`plan-${key}`} label={t(`field_${key}`)}>
      <Switch
        id={`plan-${key}`}
        data-testid={`plan-${key}`}
        checked={draft[key]}
        onCheckedChange={(v) => set(key, v)}
      />
    </Field>
  );

  return (
    <FormDialogContent
      title={plan ? t("edit_title") : t("create_title")}
      onCancel={close}
      onSubmit={submit}
      loading={create.isPending || update.isPending}
      submitTestId="plan-save"
      formClassName="grid gap-3 sm:grid-cols-2"
    >
      {text("title")}
      {text("subtitle")}
      {text("price_amount", true)}
      {text("total_amount", true)}
      <Field id="plan-duration_unit" label={t("field_duration_unit")}>
        <Select
          id="plan-duration_unit"
          data-testid="plan-duration_unit"
          value={draft.duration_unit}
          onValueChange={(v) => set("duration_unit", v)}
          options={DURATION_UNITS.map((u) => ({ value: u, label: t(`unit_${u}`) }))}
        />
      </Field>
      {draft.duration_unit === "custom" ? text("custom_seconds", true) : text("duration_value", true)}
      <Field id="plan-quota_reset_period" label={t("field_quota_reset_period")}>
        <Select
          id="plan-quota_reset_period"
          data-testid="plan-quota_reset_period"
          value={draft.quota_reset_period}
          onValueChange={(v) => set("quota_reset_period", v)}
          options={RESET_PERIODS.map((p) => ({ value: p, label: t(`reset_${p === "custom" ? "custom_label" : p}`) }))}
        />
      </Field>
      {draft.quota_reset_period === "custom" ? text("quota_reset_custom_seconds", true) : <span />}
      {text("max_purchase_per_user", true)}
      {text("sort_order", true)}
      {text("upgrade_group")}
      {text("downgrade_group")}
      {toggle("enabled")}
      {toggle("allow_balance_pay")}
    </FormDialogContent>
  );
}
