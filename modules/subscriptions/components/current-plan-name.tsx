"use client";

// The wallet's "current plan" card: the subscription that pays the next call (the relay's order:
// active, ending first, then the older one: lib/server/ledger/plan-accounts.ts), with "+N" when more
// are active; "pay as you go" while there is none.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useOwnSubscriptions, usePlans } from "@/modules/subscriptions/client/hooks";

export function CurrentPlanName() {
  const t = useTranslations("subscriptions");
  const own = useOwnSubscriptions();
  const plans = usePlans();
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const active = (own.data?.subscriptions ?? [])
    .map(({ subscription }) => subscription)
    .filter((s) => s.status === "active" && s.end_time > now)
    .sort((a, b) => a.end_time - b.end_time || a.id - b.id);
  const first = active[0];
  if (!first) return <span data-testid="wallet-current-plan-none">{t("plan_payg")}</span>;
  const title = plans.data?.find(({ plan }) => plan.id === first.plan_id)?.plan.title;
  return (
    <span data-testid="wallet-current-plan">
      {title ?? t("plan_number", { id: first.plan_id })}
      {active.length > 1 && <span className="ml-1 text-base text-muted">+{active.length - 1}</span>}
    </span>
  );
}
