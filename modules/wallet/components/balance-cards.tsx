"use client";

// Current balance, historical consumption, request count and the plan: the subscription that pays
// next (`currentPlan`, from the subscriptions module, composed by the page), else pay as you go.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useSite } from "@/components/providers/site-context";
import { Card } from "@/components/ui/card";
import { useSelfAccount } from "@/lib/client/user-self";
import { formatQuota } from "@/lib/format";
import { QuotaAmount } from "@/components/admin/quota-amount";

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col gap-1 p-5">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-2xl font-semibold tracking-tight" data-testid={testId}>
        {value}
      </span>
    </Card>
  );
}

export function BalanceCards({ currentPlan }: { currentPlan?: ReactNode }) {
  const t = useTranslations("wallet");
  const { status } = useSite();
  const self = useSelfAccount();
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  const show = (q: number | undefined) => (q === undefined ? (self.isError ? "-" : "…") : quota(q));
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="wallet-balance-cards">
      <Stat
        label={t("balance")}
        value={self.data ? <QuotaAmount quota={self.data.quota} /> : show(undefined)}
        testId="wallet-balance"
      />
      <Stat label={t("used")} value={show(self.data?.used_quota)} />
      <Stat label={t("requests")} value={self.data ? String(self.data.request_count) : self.isError ? "-" : "…"} />
      <Stat label={t("plan")} value={currentPlan ?? t("plan_payg")} />
    </div>
  );
}
