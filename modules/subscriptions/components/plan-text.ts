"use client";

// How a plan's duration, reset period and quota read in the console (both cards and the editor).
import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { formatQuota } from "@/lib/format";
import type { PlanDto } from "@/modules/subscriptions/schemas";

export function usePlanText() {
  const t = useTranslations("subscriptions");
  const { status } = useSite();
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  return {
    quota,
    total: (q: number) => (q > 0 ? quota(q) : t("unlimited")),
    duration: (p: Pick<PlanDto, "duration_unit" | "duration_value" | "custom_seconds">) =>
      p.duration_unit === "custom"
        ? t("duration_custom", { seconds: p.custom_seconds })
        : t(`duration_${p.duration_unit}`, { count: p.duration_value }),
    reset: (p: Pick<PlanDto, "quota_reset_period" | "quota_reset_custom_seconds">) =>
      p.quota_reset_period === "custom"
        ? t("reset_custom", { seconds: p.quota_reset_custom_seconds })
        : t(`reset_${p.quota_reset_period}`),
    price: (amount: number) => `$${amount.toFixed(2)}`,
  };
}
