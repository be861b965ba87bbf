"use client";

// Webhook target (https URL), its optional secret (never shown back: a badge says whether one is
// stored, an empty field keeps it, "remove" clears it) and the request body receivers get.
import { Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { TextField } from "@/components/ui/text-field";

const PLACEHOLDER = "{{value}}";

export function WebhookUrlField(props: { value: string; onChange: (v: string) => void; error?: string }) {
  const t = useTranslations("notify");
  return (
    <TextField
      id="notify-webhook-url"
      label={t("webhook_url")}
      type="url"
      inputMode="url"
      autoComplete="off"
      placeholder="https://example.com/webhook"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={props.error}
      hint={t("webhook_url_hint")}
    />
  );
}

export function WebhookSecretField({
  value,
  onChange,
  isSet,
  clearing,
  onClearingChange,
  error,
}: {
  value: string;
  onChange: (v: string) => void;
  isSet: boolean;
  clearing: boolean;
  onClearingChange: (v: boolean) => void;
  error?: string;
}) {
  const t = useTranslations("notify");
  const [visible, setVisible] = useState(false);
  const id = "notify-webhook-secret";
  return (
    <Field
      id={id}
      error={error}
      hint={clearing ? t("webhook_secret_clearing") : t("webhook_secret_hint")}
      label={
        <span className="inline-flex items-center gap-2">
          {t("webhook_secret")}
          <Badge tone={isSet && !clearing ? "success" : "neutral"} data-testid="notify-webhook-secret-state">
            {isSet && !clearing ? t("webhook_secret_set") : t("webhook_secret_not_set")}
          </Badge>
        </span>
      }
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <Input
            id={id}
            data-testid={id}
            type={visible ? "text" : "password"}
            autoComplete="new-password"
            className="pr-10"
            disabled={clearing}
            placeholder={isSet ? t("webhook_secret_keep") : t("webhook_secret_placeholder")}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-muted hover:text-foreground"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t("hide_secret") : t("show_secret")}
            aria-pressed={visible}
            data-testid="notify-webhook-secret-toggle"
          >
            {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
          </button>
        </div>
        {isSet ? (
          <Button
            type="button"
            variant="outline"
            className="sm:shrink-0"
            onClick={() => {
              onClearingChange(!clearing);
              onChange("");
            }}
            data-testid="notify-webhook-secret-clear"
          >
            {clearing ? t("webhook_secret_undo") : t("webhook_secret_clear")}
          </Button>
        ) : null}
      </div>
    </Field>
  );
}

/** The JSON body a webhook receives, with a comment per field. */
export function WebhookPayloadExample() {
  const t = useTranslations("notify");
  const { status } = useSite();
  const title = t("payload_example.title");
  const link = `${(status.server_address || "https://your-site.example").replace(/\/+$/, "")}/app/wallet`;
  const lines: [string, string][] = [
    [`"type": "quota_exceed",`, t("payload.type")],
    [`"title": ${JSON.stringify(title)},`, t("payload.title")],
    [`"content": ${JSON.stringify(t("payload_example.content", { placeholder: PLACEHOLDER }))},`, t("payload.content")],
    [`"values": ${JSON.stringify([title, "$0.20", link, link])},`, t("payload.values")],
    [`"timestamp": 1739950503`, t("payload.timestamp")],
  ];
  return (
    <div className="flex flex-col gap-1.5" data-testid="notify-webhook-payload">
      <span className="text-sm font-medium">{t("payload_title")}</span>
      <p className="text-xs text-muted">{t("payload_hint", { placeholder: PLACEHOLDER })}</p>
      <pre className="overflow-x-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs leading-5">
        {"{\n"}
        {lines.map(([code, comment]) => (
          <span key={code}>
            {"  "}
            {code}
            <span className="text-muted">
              {"  // "}
              {comment}
            </span>
            {"\n"}
          </span>
        ))}
        {"}"}
      </pre>
    </div>
  );
}
