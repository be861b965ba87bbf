"use client";

import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TextField } from "@/components/ui/text-field";
import { Switch } from "@/components/ui/switch";
import type { RedemptionFormValues } from "@/modules/redemptions/client/redemption-form";
import { formatQuota } from "@/lib/format";
import { REDEMPTION_BATCH_MAX, REDEMPTION_NAME_MAX } from "@/modules/redemptions/schemas";

type Props = {
  mode: "create" | "edit";
  values: RedemptionFormValues;
  onChange: (patch: Partial<RedemptionFormValues>) => void;
  error: { field: string; text: string } | null;
};

export function RedemptionFormFields({ mode, values: v, onChange, error }: Props) {
  const t = useTranslations("redemptions");
  const { status } = useSite();
  const err = (field: string) => (error?.field === field ? error.text : null);
  const quota = Number(v.quota);
  const quotaText =
    v.quota.trim() && Number.isFinite(quota)
      ? formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit })
      : "";

  return (
    <>
      <TextField
        id="redemption-name"
        label={t("field_name")}
        hint={t("field_name_hint", { max: REDEMPTION_NAME_MAX })}
        error={err("name")}
        value={v.name}
        placeholder={quotaText || t("field_name_placeholder")}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <TextField
        id="redemption-quota"
        label={t("field_quota")}
        hint={
          quotaText
            ? t("field_quota_hint", {
                amount: formatQuota(quota, { inCurrency: true, quotaPerUnit: status.quota_per_unit }),
              })
            : null
        }
        error={err("quota")}
        inputMode="numeric"
        value={v.quota}
        onChange={(e) => onChange({ quota: e.target.value.trim() })}
      />
      {mode === "create" ? (
        <TextField
          id="redemption-count"
          label={t("field_count")}
          hint={t("field_count_hint", { max: REDEMPTION_BATCH_MAX })}
          error={err("count")}
          inputMode="numeric"
          value={v.count}
          onChange={(e) => onChange({ count: e.target.value.trim() })}
        />
      ) : null}
      <label htmlFor="redemption-gift" className="flex items-center justify-between gap-3 text-sm font-medium">
        <span className="flex flex-col">
          {t("field_gift")}
          <span className="text-xs font-normal text-muted">{t("field_gift_hint")}</span>
        </span>
        <Switch
          id="redemption-gift"
          checked={v.is_gift}
          onCheckedChange={(on) => onChange({ is_gift: on })}
          data-testid="redemption-gift"
        />
      </label>
      <Field
        id="redemption-max-uses"
        label={t("field_max_uses")}
        hint={t("field_max_uses_hint")}
        error={err("max_uses")}
      >
        <div className="flex items-center gap-3">
          <Input
            id="redemption-max-uses"
            inputMode="numeric"
            className="flex-1"
            value={v.unlimited ? "" : v.max_uses}
            placeholder={v.unlimited ? t("unlimited") : ""}
            disabled={v.unlimited}
            onChange={(e) => onChange({ max_uses: e.target.value.trim() })}
            aria-invalid={!!err("max_uses") || undefined}
            data-testid="redemption-max-uses"
          />
          <label htmlFor="redemption-unlimited" className="flex shrink-0 items-center gap-2 text-sm">
            <Switch
              id="redemption-unlimited"
              checked={v.unlimited}
              onCheckedChange={(on) => onChange({ unlimited: on })}
              data-testid="redemption-unlimited"
            />
            {t("unlimited")}
          </label>
        </div>
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {(["valid_from", "valid_until"] as const).map((k) => (
          <TextField
            key={k}
            id={`redemption-${k.replace("_", "-")}`}
            label={t(`field_${k}`)}
            hint={t("field_time_hint")}
            error={err(k)}
            type="datetime-local"
            value={v[k]}
            onChange={(e) => onChange({ [k]: e.target.value })}
          />
        ))}
      </div>
      {mode === "create" ? (
        <TextField
          id="redemption-key"
          label={t("field_key")}
          hint={t("field_key_hint")}
          error={err("key")}
          value={v.key}
          placeholder={t("field_key_placeholder")}
          autoComplete="off"
          onChange={(e) => onChange({ key: e.target.value })}
        />
      ) : (
        <Field id="redemption-key-readonly" label={t("field_key")}>
          <Input id="redemption-key-readonly" value={v.key} readOnly disabled className="font-mono text-xs" />
        </Field>
      )}
    </>
  );
}
