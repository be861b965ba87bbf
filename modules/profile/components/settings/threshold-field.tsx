"use client";

// The quota-warning threshold: a whole number of quota units with preset buttons
// (100000, 500000, 1000000, 5000000) and what the value means in the display unit.
import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { formatQuota } from "@/lib/format";
import { QUOTA_WARNING_PRESETS } from "@/modules/profile/schemas/user-setting";

export function ThresholdField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
}) {
  const t = useTranslations("notify");
  const { status } = useSite();
  const show = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  const n = Number(value);
  const valid = value.trim() !== "" && Number.isInteger(n) && n > 0;
  return (
    <div className="flex flex-col gap-2">
      <TextField
        id="notify-threshold"
        label={t("threshold")}
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        error={error}
        hint={
          <>
            {t("threshold_hint")}
            {valid && status.display_in_currency ? ` · ${t("threshold_equals", { amount: show(n) })}` : null}
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t("threshold_presets")}>
        <span className="w-full text-xs text-muted sm:w-auto">{t("threshold_presets")}</span>
        {QUOTA_WARNING_PRESETS.map((p) => (
          <Button
            key={p}
            type="button"
            size="sm"
            variant={valid && n === p ? "primary" : "outline"}
            aria-pressed={valid && n === p}
            onClick={() => onChange(String(p))}
            data-testid={`notify-threshold-preset-${p}`}
          >
            {status.display_in_currency ? `${p.toLocaleString("en-US")} · ${show(p)}` : show(p)}
          </Button>
        ))}
      </div>
    </div>
  );
}
