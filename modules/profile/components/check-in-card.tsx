"use client";

// Daily check-in: "can check in" → button → reward toast → "already checked in today"
// (disabled). The state is re-read after every attempt. Hidden when check-in is disabled.
import { CalendarCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useQuotaText } from "@/modules/profile/components/use-quota-text";
import { ApiError } from "@/lib/client/api";
import { useHumanCheck } from "@/components/use-human-check";
import { useCheckIn, useCheckInStatus } from "@/modules/profile/client/use-check-in";
import { IconHeading } from "@/components/ui/icon-heading";

export function CheckInCard() {
  const t = useTranslations("me");
  const quota = useQuotaText();
  const status = useCheckInStatus(true);
  const checkIn = useCheckIn();
  const humanCheck = useHumanCheck();
  const th = useTranslations("im_auth.human_check");
  const s = status.data;

  const submit = () => {
    if (!humanCheck.ready) {
      toast.error(th("not_ready"));
      return;
    }
    checkIn.mutate(humanCheck.token, {
      // a Turnstile token is single-use: ask for a fresh one whatever the outcome
      onSettled: humanCheck.reset,
      onSuccess: (res) => toast.success(t("checkin_success", { amount: quota(res.quota) })),
      // the server's reason (今日已签到, 签到功能未启用 …) when there is one, else the spec's text
      onError: (err) =>
        toast.error(
          err instanceof ApiError && err.kind === "failed" && err.message ? err.message : t("checkin_failed"),
        ),
    });
  };

  const reward = s
    ? s.reward_max > s.reward_min
      ? t("checkin_reward_range", { min: quota(s.reward_min), max: quota(s.reward_max) })
      : t("checkin_reward_fixed", { amount: quota(s.reward_min) })
    : null;

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5" data-testid="me-checkin-card">
      <IconHeading icon={CalendarCheck} title={t("checkin_title")} description={t("checkin_description")}>
        {reward ? <p className="mt-1 text-sm">{reward}</p> : null}
      </IconHeading>
      {status.isError && !s ? (
        <p className="text-sm text-danger">{t("checkin_status_failed")}</p>
      ) : s?.checked_in_today ? (
        <div className="mt-auto flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-success" data-testid="me-checkin-today">
            {t("checkin_today", { amount: quota(s.quota_awarded) })}
          </p>
          <Button variant="secondary" className="shrink-0" disabled data-testid="me-checkin-button" data-state="done">
            {t("checkin_done")}
          </Button>
        </div>
      ) : (
        <div className="mt-auto flex flex-col items-start gap-3">
          {s?.can_check_in ? humanCheck.widget : null}
          <Button
            className="self-start"
            disabled={!s?.can_check_in}
            loading={checkIn.isPending || status.isLoading}
            onClick={submit}
            data-testid="me-checkin-button"
            data-state="ready"
          >
            {t("checkin_button")}
          </Button>
        </div>
      )}
    </Card>
  );
}
