"use client";

// Step 2 of the top-up dialog: the order as it will be placed; back returns to step 1.
import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { formatMoney } from "@/modules/wallet/components/topup-amount-step";
import type { TopupQuote } from "@/modules/wallet/client/topup/api";
import { formatQuota } from "@/lib/format";
import type { TopupPaymentMethod } from "@/modules/wallet/schemas";

export function TopupConfirmStep({
  amount,
  method,
  quote,
}: {
  amount: number;
  method: TopupPaymentMethod;
  quote: TopupQuote;
}) {
  const t = useTranslations("wallet");
  const { status } = useSite();
  const quotaPerUnit = status.quota_per_unit || 500000;
  const rows: [string, string, string][] = [
    ["amount", t("col_amount"), `$${amount}`],
    ["quota", t("quota"), formatQuota(amount * quotaPerUnit, { inCurrency: status.display_in_currency, quotaPerUnit })],
    ["method", t("payment_method"), t(`method_${method}`)],
  ];
  return (
    <div className="flex flex-col gap-3" data-testid="topup-confirm">
      <dl className="divide-y divide-border rounded-md border border-border">
        {rows.map(([id, label, value]) => (
          <div key={id} className="flex items-center justify-between gap-4 px-4 py-2.5 text-sm">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums" data-testid={`topup-confirm-${id}`}>
              {value}
            </dd>
          </div>
        ))}
        <div className="flex items-center justify-between gap-4 bg-surface-muted/60 px-4 py-3">
          <dt className="text-sm text-muted">{t("price")}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid="topup-confirm-price">
            {formatMoney(quote.amount)}
          </dd>
        </div>
      </dl>
    </div>
  );
}
