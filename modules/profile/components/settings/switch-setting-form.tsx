"use client";

// A tab with one switch and its save button (price tab: accept_unset_model_ratio_model; other tab:
// show_ip_in_logs).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSaveSetting } from "@/modules/profile/components/settings/use-save-setting";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { ErrorText } from "@/components/ui/error-text";

export function SwitchSettingForm({
  field,
  initial,
  label,
  hint,
  testId,
}: {
  field: "accept_unset_model_ratio_model" | "show_ip_in_logs";
  initial: boolean;
  label: string;
  hint: string;
  testId: string;
}) {
  const t = useTranslations("notify");
  const [on, setOn] = useState(initial);
  const { submit, saving, error } = useSaveSetting();
  const id = `${testId}-${field.replace(/_/g, "-")}`;
  return (
    <form
      className="flex flex-col gap-4"
      data-testid={`${testId}-settings-form`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ [field]: on });
      }}
    >
      <div className="flex items-start justify-between gap-3 rounded-md border border-border px-3 py-2.5">
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-medium">
            {label}
          </label>
          <p className="mt-0.5 text-xs text-muted">{hint}</p>
        </div>
        <Switch id={id} data-testid={id} checked={on} onCheckedChange={setOn} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <ErrorText data-testid={`${testId}-save-error`}>{error}</ErrorText>
        <Button type="submit" loading={saving} data-testid={`${testId}-save`}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
