"use client";

// The admin's per-user view: a user's subscriptions by user id, a plan to give them, and each
// subscription's reset, invalidate and delete (the routes refuse users the admin may not manage).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { IconHeading } from "@/components/ui/icon-heading";
import { Select } from "@/components/ui/select";
import { TextField } from "@/components/ui/text-field";
import {
  useBindPlan,
  useDeleteSubscription,
  useInvalidateSubscription,
  useResetUserPlan,
  useUserSubscriptions,
} from "@/modules/subscriptions/client/hooks";
import { SubscriptionList } from "@/modules/subscriptions/components/subscription-list";
import type { PlanDto } from "@/modules/subscriptions/schemas";

export function UserSubscriptionsPanel({ plans }: { plans: PlanDto[] }) {
  const t = useTranslations("subscriptions");
  const [input, setInput] = useState("");
  const [userId, setUserId] = useState<number | null>(null);
  const [planId, setPlanId] = useState("");
  const subs = useUserSubscriptions(userId);
  const bind = useBindPlan();
  const reset = useResetUserPlan();
  const invalidate = useInvalidateSubscription();
  const remove = useDeleteSubscription();
  const titles = new Map(plans.map((p) => [p.id, p.title]));
  const note = (res: { message: string } | null) => toast.success(res?.message || t("saved"));

  const show = () => {
    const id = Number(input.trim());
    setUserId(Number.isInteger(id) && id > 0 ? id : null);
  };

  return (
    <Card className="flex flex-col gap-3 p-5" data-testid="user-subscriptions-panel">
      <IconHeading icon={Users} title={t("user_view_title")} description={t("user_view_description")} />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
      >
        <TextField
          id="user-subs-id"
          label={t("user_id")}
          value={input}
          inputMode="numeric"
          onChange={(e) => setInput(e.target.value)}
        />
        <Button type="submit" variant="outline" data-testid="user-subs-show">
          {t("show")}
        </Button>
      </form>
      {userId !== null && (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <Field id="user-subs-plan" label={t("give_plan")}>
              <Select
                id="user-subs-plan"
                data-testid="user-subs-plan"
                value={planId}
                onValueChange={setPlanId}
                options={plans.map((p) => ({ value: String(p.id), label: p.title }))}
                placeholder={t("choose_plan")}
              />
            </Field>
            <Button
              disabled={!planId}
              loading={bind.isPending}
              onClick={() => bind.mutate({ userId, planId: Number(planId) }, { onSuccess: note })}
              data-testid="user-subs-bind"
            >
              {t("give")}
            </Button>
          </div>
          {subs.data ? (
            <SubscriptionList
              rows={subs.data}
              planTitle={(id) => titles.get(id) ?? t("plan_number", { id })}
              actions={(s) =>
                s.status === "active" ? (
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() =>
                        reset.mutate({ userId, planId: s.plan_id }, { onSuccess: () => toast.success(t("saved")) })
                      }
                    >
                      {t("reset")}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => invalidate.mutate(s.id, { onSuccess: note })}
                      data-testid="user-subs-invalidate"
                    >
                      {t("invalidate")}
                    </Button>
                  </div>
                ) : (
                  <Button size="sm" variant="danger" onClick={() => remove.mutate(s.id, { onSuccess: note })}>
                    {t("delete")}
                  </Button>
                )
              }
            />
          ) : (
            <p className="text-sm text-muted">{subs.isError ? "-" : "…"}</p>
          )}
        </>
      )}
    </Card>
  );
}
