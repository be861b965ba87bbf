"use client";

// A balance (user quota, token remaining quota) as the site shows it. Below zero it is a debt: a
// request spent more than the balance held (lib/server/ledger/memory-ledger.ts chargeFor), requests
// are refused until a top-up pays it. Shown as a negative amount, in red, marked owed.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { useQuotaFormat } from "@/components/admin/row-cells";

export function QuotaAmount({ quota, testId }: { quota: number; testId?: string }) {
  const t = useTranslations("common");
  const format = useQuotaFormat();
  if (!(quota < 0)) return <span data-testid={testId}>{format(quota)}</span>;
  return (
    <span
      className="inline-flex items-center gap-1.5 text-danger"
      data-testid={testId}
      data-debt="true"
      title={t("owed_hint")}
    >
      {/* "-$0.50", not formatQuota's "$-0.50" */}
      <span>-{format(-quota)}</span>
      <Badge tone="danger">{t("owed")}</Badge>
    </span>
  );
}
