"use client";

import { useSite } from "@/components/providers/site-context";
import { formatQuota } from "@/lib/format";

/** Quota as the site displays it ($ or shortened tokens). */
export function useQuotaText(): (quota: number) => string {
  const { status } = useSite();
  return (quota) => formatQuota(quota, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}
