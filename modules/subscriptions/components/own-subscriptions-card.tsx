"use client";

// The caller's subscriptions (GET /api/subscription/self), newest end first, with what is left;
// back from the gateway (?pay=), what the payment's return said.
import { useTranslations } from "next-intl";
import { ListChecks } from "lucide-react";
import { Card } from "@/components/ui/card";
import { IconHeading } from "@/components/ui/icon-heading";
import { useOwnSubscriptions, usePlans } from "@/modules/subscriptions/client/hooks";
import { SubscriptionList } from "@/modules/subscriptions/components/subscription-list";

export type PayResult = "success" | "pending" | "fail" | null;

export function OwnSubscriptionsCard({ payResult = null }: { payResult?: PayResult }) {
  const t = useTranslations("subscriptions");
  const own = useOwnSubscriptions();
  const plans = usePlans();
  const titles = new Map((plans.data ?? []).map(({ plan }) => [plan.id, plan.title]));
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="own-subscriptions-card">
      <IconHeading icon={ListChecks} title={t("own_title")} description={t("own_description")} />
      {payResult && (
        <p
          className={payResult === "success" ? "text-sm text-success" : "text-sm text-danger"}
          data-testid="subscription-pay-result"
          data-result={payResult}
        >
          {t(`pay_${payResult}`)}
        </p>
      )}
      {own.data ? (
        <SubscriptionList
          rows={own.data.all_subscriptions}
          planTitle={(id) => titles.get(id) ?? t("plan_number", { id })}
        />
      ) : (
        <p className="text-sm text-muted">{own.isError ? "-" : "…"}</p>
      )}
    </Card>
  );
}
