"use client";

import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { formatQuota } from "@/lib/format";
import type { LogItem } from "@/modules/logs/client/usage/api";
import { DETAIL_KEYS, detailEntries, parseLogOther, retryChain } from "@/modules/logs/client/usage/log-display";

/** Fields of `other` that are quota amounts: shown as the console shows quota (currency or tokens). */
const QUOTA_KEYS = new Set(["subscription_consumed", "subscription_remain", "subscription_total"]);

/** The expanded row: the content text and every field of the row's `other` JSON. */
export function LogDetails({ log, admin }: { log: LogItem; admin: boolean }) {
  const t = useTranslations("logs");
  const { status } = useSite();
  const shown = (key: string, value: string) => {
    if (key === "billing_source" && (value === "wallet" || value === "subscription"))
      return t(`billing_source_${value}`);
    if (QUOTA_KEYS.has(key) && Number.isFinite(Number(value)))
      return formatQuota(Number(value), {
        inCurrency: status.display_in_currency,
        quotaPerUnit: status.quota_per_unit,
      });
    return value;
  };
  const other = parseLogOther(log.other);
  const known = new Set<string>(DETAIL_KEYS);
  const entries = detailEntries(other);
  const chain = admin ? retryChain(other) : "";
  const label = (key: string) => (known.has(key) ? t(`detail_${key as (typeof DETAIL_KEYS)[number]}`) : key);
  return (
    <dl className="grid gap-x-6 gap-y-1.5 text-xs sm:grid-cols-2 lg:grid-cols-3" data-testid="log-details">
      {log.content ? (
        <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
          <dt className="shrink-0 text-muted">{t("detail_content")}</dt>
          <dd className="break-all">{log.content}</dd>
        </div>
      ) : null}
      {log.request_id ? (
        <div className="flex gap-2">
          <dt className="shrink-0 text-muted">{t("detail_request_id")}</dt>
          <dd className="font-mono break-all">{log.request_id}</dd>
        </div>
      ) : null}
      {chain ? (
        <div className="flex gap-2">
          <dt className="shrink-0 text-muted">{t("detail_retry")}</dt>
          <dd>{chain}</dd>
        </div>
      ) : null}
      {entries.map((e) => (
        <div key={e.key} className="flex gap-2">
          <dt className="shrink-0 text-muted">{label(e.key)}</dt>
          <dd className="break-all" data-testid={`log-detail-${e.key}`}>
            {shown(e.key, e.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
