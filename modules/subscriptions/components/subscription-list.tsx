"use client";

// A list of subscriptions with their remaining quota, period and status: the user's own card in the
// wallet and the admin's per-user view (which passes row actions).
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatUnixTime } from "@/lib/format-time";
import { usePlanText } from "@/modules/subscriptions/components/plan-text";
import type { SubscriptionSummaryDto, UserSubscriptionDto } from "@/modules/subscriptions/schemas";

const TONE: Record<UserSubscriptionDto["status"], BadgeTone> = {
  active: "success",
  expired: "neutral",
  cancelled: "danger",
};

export function SubscriptionList({
  rows,
  planTitle,
  actions,
}: {
  rows: SubscriptionSummaryDto[];
  planTitle: (planId: number) => string;
  actions?: (sub: UserSubscriptionDto) => ReactNode;
}) {
  const t = useTranslations("subscriptions");
  const text = usePlanText();
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  if (rows.length === 0)
    return (
      <p className="text-sm text-muted" data-testid="subscriptions-empty">
        {t("subscriptions_empty")}
      </p>
    );
  return (
    <ul className="flex flex-col gap-2">
      {rows.map(({ subscription: s }) => {
        const status = s.status === "active" && s.end_time <= now ? "expired" : s.status;
        const remaining = s.amount_total > 0 ? text.quota(Math.max(s.amount_total - s.amount_used, 0)) : t("unlimited");
        return (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3 text-sm"
            data-testid="subscription-item"
            data-status={status}
          >
            <div className="flex flex-col gap-1">
              <span className="font-medium">
                {planTitle(s.plan_id)} <Badge tone={TONE[status]}>{t(`status_${status}`)}</Badge>
              </span>
              <span className="text-muted" data-testid="subscription-remaining">
                {t("remaining", { value: remaining })}
                {s.amount_total > 0 && ` · ${t("used", { value: text.quota(s.amount_used) })}`}
              </span>
              <span className="text-muted tabular-nums">
                {t("period", { start: formatUnixTime(s.start_time), end: formatUnixTime(s.end_time) })}
                {s.next_reset_time > 0 && ` · ${t("next_reset", { at: formatUnixTime(s.next_reset_time) })}`}
              </span>
            </div>
            {actions?.(s)}
          </li>
        );
      })}
    </ul>
  );
}
