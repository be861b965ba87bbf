"use client";

// The wallet's plans (GET /api/subscription/plans): each with its price, duration, quota and reset
// period, a buy button that asks first (the balance is debited at once) and, when online payment
// is on, one button per payment method that opens the gateway.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Crown } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { IconHeading } from "@/components/ui/icon-heading";
import { usePayOnline, usePayWithBalance, usePlans } from "@/modules/subscriptions/client/hooks";
import { useTopupInfo } from "@/modules/wallet/client";
import { usePlanText } from "@/modules/subscriptions/components/plan-text";
import type { PlanDto } from "@/modules/subscriptions/schemas";

export function PlansCard() {
  const t = useTranslations("subscriptions");
  const text = usePlanText();
  const plans = usePlans();
  const pay = usePayWithBalance();
  const online = usePayOnline();
  const info = useTopupInfo();
  const methods = info.data?.enable_online_topup ? info.data.pay_methods : [];
  const [buying, setBuying] = useState<PlanDto | null>(null);

  const confirm = () => {
    if (!buying) return;
    pay.mutate(buying.id, {
      onSuccess: () => {
        toast.success(t("bought", { title: buying.title }));
        setBuying(null);
      },
    });
  };

  const rows = plans.data ?? [];
  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="plans-card">
      <IconHeading icon={Crown} title={t("plans_title")} description={t("plans_description")} />
      {plans.isPending ? (
        <p className="text-sm text-muted">…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted" data-testid="plans-empty">
          {t("plans_empty")}
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map(({ plan }) => (
            <div
              key={plan.id}
              className="flex flex-col gap-2 rounded-lg border border-border p-4"
              data-testid="plan-item"
            >
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-semibold">{plan.title}</span>
                <span className="text-lg font-semibold tabular-nums">{text.price(plan.price_amount)}</span>
              </div>
              {plan.subtitle && <span className="text-sm text-muted">{plan.subtitle}</span>}
              <ul className="text-sm text-muted">
                <li>{t("plan_duration", { value: text.duration(plan) })}</li>
                <li>{t("plan_quota", { value: text.total(plan.total_amount) })}</li>
                <li>{t("plan_reset", { value: text.reset(plan) })}</li>
                {plan.max_purchase_per_user > 0 && <li>{t("plan_limit", { count: plan.max_purchase_per_user })}</li>}
              </ul>
              <Button
                className="mt-auto"
                disabled={!plan.allow_balance_pay}
                onClick={() => setBuying(plan)}
                data-testid="plan-buy"
              >
                {plan.allow_balance_pay ? t("buy_with_balance") : t("balance_pay_off")}
              </Button>
              {plan.price_amount >= 0.01 &&
                methods.map((m) => (
                  <Button
                    key={m.type}
                    variant="outline"
                    loading={
                      online.isPending && online.variables?.planId === plan.id && online.variables.method === m.type
                    }
                    onClick={() => online.mutate({ planId: plan.id, method: m.type })}
                    data-testid={`plan-pay-${m.type}`}
                  >
                    {t("pay_online", { method: m.name })}
                  </Button>
                ))}
            </div>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={buying !== null}
        onOpenChange={(open) => !open && setBuying(null)}
        title={t("buy_confirm_title")}
        description={
          buying ? t("buy_confirm_description", { title: buying.title, price: text.price(buying.price_amount) }) : ""
        }
        confirmLabel={t("buy_with_balance")}
        loading={pay.isPending}
        onConfirm={confirm}
        data-testid="plan-buy-dialog"
      />
    </Card>
  );
}
