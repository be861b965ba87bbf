"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { MultiSelect } from "@/components/ui/multi-select";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { useSelfGroups, useSelfModels } from "@/lib/client/user-self";
import { BATCH_COUNTS, EXPIRY_PRESETS, presetExpiry, type TokenFormValues } from "@/modules/tokens/client/token-form";

type Props = {
  mode: "create" | "edit";
  values: TokenFormValues;
  onChange: (patch: Partial<TokenFormValues>) => void;
  /** Translated messages by schema field (the token schemas' names: expired_time, remain_quota...). */
  errors: Record<string, string>;
  quotaPerUnit: number;
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function SwitchRow({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={id} className="flex items-center justify-between gap-3 text-sm font-medium">
      {label}
      <Switch id={id} checked={checked} onCheckedChange={onChange} data-testid={id} />
    </label>
  );
}

export function TokenFormFields({ mode, values: v, onChange, errors, quotaPerUnit }: Props) {
  const t = useTranslations("tokens");
  const groups = useSelfGroups();
  const models = useSelfModels();
  const err = (field: string) => errors[field] || null;
  const groupOptions = Object.entries(groups.data ?? {}).map(([name, g]) => ({
    value: name,
    label: `${g.desc || name} (×${g.ratio})`,
  }));
  const amount = Number(v.remain_quota) / (quotaPerUnit || 500000);

  return (
    <>
      <TextField
        id="token-name"
        label={t("field_name")}
        error={err("name")}
        value={v.name}
        placeholder={t("field_name_placeholder")}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <Field id="token-expiry" label={t("field_expiry")} hint={t("field_expiry_hint")} error={err("expired_time")}>
        <Input
          id="token-expiry"
          type="datetime-local"
          value={v.expiry}
          onChange={(e) => onChange({ expiry: e.target.value })}
          data-testid="token-expiry"
        />
        <div className="flex flex-wrap gap-2">
          {EXPIRY_PRESETS.map((p) => (
            <Button
              key={p}
              type="button"
              size="sm"
              variant="outline"
              onClick={() => onChange({ expiry: presetExpiry(p) })}
              data-testid={`token-expiry-${p}`}
            >
              {t(`preset_${p}`)}
            </Button>
          ))}
        </div>
      </Field>
      {mode === "create" ? (
        <Field id="token-count" label={t("field_count")} hint={t("field_count_hint")} error={err("count")}>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              id="token-count"
              className="w-28"
              inputMode="numeric"
              value={v.count}
              onChange={(e) => onChange({ count: e.target.value })}
              data-testid="token-count"
            />
            {BATCH_COUNTS.filter((n) => n > 1).map((n) => (
              <Button key={n} type="button" size="sm" variant="outline" onClick={() => onChange({ count: String(n) })}>
                {n}
              </Button>
            ))}
          </div>
        </Field>
      ) : null}

      <Section title={t("section_quota")}>
        <SwitchRow
          id="token-unlimited"
          label={t("field_unlimited")}
          checked={v.unlimited_quota}
          onChange={(on) => onChange({ unlimited_quota: on })}
        />
        {!v.unlimited_quota ? (
          <TextField
            id="token-quota"
            label={t("field_quota")}
            hint={Number.isFinite(amount) ? t("field_quota_hint", { amount: `$${amount.toFixed(2)}` }) : null}
            error={err("remain_quota")}
            inputMode="numeric"
            value={v.remain_quota}
            onChange={(e) => onChange({ remain_quota: e.target.value })}
          />
        ) : null}
      </Section>

      <Section title={t("section_access")}>
        <Field id="token-group" label={t("field_group")}>
          <Select
            id="token-group"
            value={v.group}
            onValueChange={(group) => onChange({ group })}
            options={[{ value: "", label: t("field_group_placeholder") }, ...groupOptions]}
            data-testid="token-group"
          />
        </Field>
        <SwitchRow
          id="token-model-limits-enabled"
          label={t("field_model_limits_enabled")}
          checked={v.model_limits_enabled}
          onChange={(on) => onChange({ model_limits_enabled: on })}
        />
        {v.model_limits_enabled ? (
          <Field id="token-model-limits" label={t("field_model_limits")}>
            <MultiSelect
              id="token-model-limits"
              values={v.model_limits}
              onChange={(model_limits) => onChange({ model_limits })}
              options={(models.data ?? []).map((m) => ({ value: m, label: m }))}
              placeholder={t("field_model_limits_placeholder")}
              creatable
              data-testid="token-model-limits"
            />
          </Field>
        ) : null}
        <Field id="token-allow-ips" label={t("field_allow_ips")}>
          <Textarea
            id="token-allow-ips"
            rows={3}
            value={v.allow_ips}
            placeholder={t("field_allow_ips_placeholder")}
            onChange={(e) => onChange({ allow_ips: e.target.value })}
            data-testid="token-allow-ips"
          />
        </Field>
      </Section>

      <Section title={t("section_rate_limit")}>
        <SwitchRow
          id="token-rate-limit-enabled"
          label={t("field_rate_limit_enabled")}
          checked={v.rate_limit_enabled}
          onChange={(on) => onChange({ rate_limit_enabled: on })}
        />
        {v.rate_limit_enabled ? (
          <div className="grid gap-3 sm:grid-cols-3">
            {(["rate_limit_period", "rate_limit_count", "rate_limit_success"] as const).map((k) => (
              <TextField
                key={k}
                id={`token-${k}`}
                label={t(`field_${k}`)}
                error={err(k)}
                inputMode="numeric"
                value={v[k]}
                onChange={(e) => onChange({ [k]: e.target.value })}
              />
            ))}
          </div>
        ) : null}
      </Section>
    </>
  );
}
