"use client";

// Root only: deletes every log created before midnight (viewer's time zone) of a chosen date, after a
// confirmation, through DELETE /api/log/?target_timestamp=, and says how many
// went. The automatic counterpart is the LogRetentionDays option in the logs section above.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { SectionCard } from "@/modules/settings/components/option-section";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useDeleteLogsBefore } from "@/modules/logs/client";

const pad = (n: number) => String(n).padStart(2, "0");
const localDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

function daysAgo(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() - days);
  return localDate(d);
}

/** Unix seconds of local midnight at the start of `date` (YYYY-MM-DD). */
function startOfDay(date: string): number {
  return Math.floor(new Date(`${date}T00:00:00`).getTime() / 1000);
}

export function LogCleanupCard() {
  const t = useTranslations("settings.log_cleanup");
  const [date, setDate] = useState(() => daysAgo(30));
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const cleanup = useDeleteLogsBefore();

  const ask = () => {
    const problem = !date ? t("date_required") : date > localDate(new Date()) ? t("date_future") : null;
    setError(problem);
    if (!problem) setAsking(true);
  };

  const confirm = () => {
    cleanup.mutate(startOfDay(date), {
      onSuccess: (count) => toast.success(t("done", { count })),
      onSettled: () => setAsking(false),
    });
  };

  return (
    <SectionCard
      testId="settings-log-cleanup"
      title={t("title")}
      description={t("description")}
      actions={
        <Button variant="danger" onClick={ask} data-testid="log-cleanup-submit">
          {t("button")}
        </Button>
      }
    >
      <Field id="log-cleanup-date" label={t("date")} error={error} className="max-w-xs">
        <Input
          id="log-cleanup-date"
          data-testid="log-cleanup-date"
          type="date"
          max={localDate(new Date())}
          value={date}
          aria-invalid={!!error}
          aria-describedby={error ? "log-cleanup-date-error" : undefined}
          onChange={(e) => {
            setDate(e.target.value);
            setError(null);
          }}
        />
      </Field>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("confirm_title")}
        description={t("confirm_description", { date })}
        confirmLabel={t("confirm")}
        danger
        loading={cleanup.isPending}
        onConfirm={confirm}
        data-testid="log-cleanup"
      />
    </SectionCard>
  );
}
