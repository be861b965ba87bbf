"use client";

// 通知设置: how quota warnings reach the user (e-mail or https webhook) and below which balance.
// Validated with the shared schema before sending (modules/profile/client/notify/notify-draft.ts builds the body).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ThresholdField } from "@/modules/profile/components/settings/threshold-field";
import { useSaveSetting } from "@/modules/profile/components/settings/use-save-setting";
import {
  WebhookPayloadExample,
  WebhookSecretField,
  WebhookUrlField,
} from "@/modules/profile/components/settings/webhook-fields";
import { Button } from "@/components/ui/button";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";
import { TextField } from "@/components/ui/text-field";
import { useFieldErrors } from "@/lib/client/form-issues";
import {
  initialNotifyDraft,
  notifyEmailNeedsCode,
  notifyRequestBody,
  type NotifyDraft,
} from "@/modules/profile/client/notify/notify-draft";
import { VerificationCodeField } from "@/modules/auth/client";
import { useHumanCheck } from "@/components/use-human-check";
import type { SettingsSnapshot } from "@/modules/profile/client/notify/settings-view";
import { userSettingSchema, type NotifyType } from "@/modules/profile/schemas/user-setting";
import { ErrorText } from "@/components/ui/error-text";

export function NotifySettingsForm({
  snapshot,
  allowHttpWebhook,
}: {
  snapshot: SettingsSnapshot;
  allowHttpWebhook: boolean;
}) {
  const t = useTranslations("notify");
  const tBind = useTranslations("mail_auth.bind");
  const fieldErrors = useFieldErrors();
  const { submit, saving, error } = useSaveSetting();
  const humanCheck = useHumanCheck();
  const { view, accountEmail } = snapshot;
  const [draft, setDraft] = useState<NotifyDraft>(() => initialNotifyDraft(snapshot));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof NotifyDraft>(key: K, value: NotifyDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => {
      const field = key === "threshold" ? "quota_warning_threshold" : key;
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  };

  const onSubmit = async () => {
    const body = notifyRequestBody(draft);
    const parsed = userSettingSchema(allowHttpWebhook).safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    await submit(parsed.data);
  };

  return (
    <form
      className="flex flex-col gap-5"
      data-testid="notify-settings-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium" id="notify-type-label">
          {t("notify_type")}
        </span>
        <RadioGroup
          aria-labelledby="notify-type-label"
          className="grid gap-2 sm:grid-cols-2"
          value={draft.notify_type}
          onValueChange={(v) => set("notify_type", v as NotifyType)}
        >
          <RadioItem id="notify-type-email" value="email" label={t("type_email")} description={t("type_email_desc")} />
          <RadioItem
            id="notify-type-webhook"
            value="webhook"
            label={t("type_webhook")}
            description={t("type_webhook_desc")}
          />
        </RadioGroup>
        {errors.notify_type ? (
          <p role="alert" className="text-xs text-danger">
            {errors.notify_type}
          </p>
        ) : null}
      </div>

      <ThresholdField
        value={draft.threshold}
        onChange={(v) => set("threshold", v)}
        error={errors.quota_warning_threshold}
      />

      {draft.notify_type === "email" ? (
        <>
          <TextField
            id="notify-email"
            label={t("email")}
            type="email"
            autoComplete="email"
            placeholder={accountEmail || t("email_placeholder_none")}
            value={draft.notification_email}
            onChange={(e) => set("notification_email", e.target.value)}
            error={errors.notification_email}
            hint={t("email_hint")}
          />
          {/* An address the user has not proven to own is verified by a mailed code (the server checks it). */}
          {notifyEmailNeedsCode(draft, snapshot) ? (
            <>
              <VerificationCodeField
                idPrefix="notify-email"
                email={draft.notification_email}
                value={draft.notification_email_code}
                error={errors.notification_email_code}
                onChange={(v) => set("notification_email_code", v)}
                onMissingEmail={() => setErrors((e) => ({ ...e, notification_email: tBind("email_required") }))}
                humanCheck={humanCheck}
              />
              {humanCheck.widget ? <div className="flex justify-center">{humanCheck.widget}</div> : null}
            </>
          ) : null}
        </>
      ) : (
        <>
          <WebhookUrlField
            value={draft.webhook_url}
            onChange={(v) => set("webhook_url", v)}
            error={errors.webhook_url}
          />
          <WebhookSecretField
            value={draft.webhook_secret}
            onChange={(v) => set("webhook_secret", v)}
            isSet={view.webhook_secret_set}
            clearing={draft.clear_secret}
            onClearingChange={(v) => set("clear_secret", v)}
            error={errors.webhook_secret}
          />
          <WebhookPayloadExample />
        </>
      )}

      <div className="flex flex-wrap items-center justify-end gap-3">
        <ErrorText data-testid="notify-save-error">{error}</ErrorText>
        <Button type="submit" loading={saving} data-testid="notify-save">
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
