"use client";

// Title, format and content: the fields the create and edit drawers share.
import * as Radio from "@radix-ui/react-radio-group";
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/input";
import { TextField } from "@/components/ui/text-field";
import { MESSAGE_CONTENT_MAX, MESSAGE_FORMATS, MESSAGE_TITLE_MAX, type MessageFormat } from "@/modules/messages/schemas";

export type MessageDraft = { title: string; content: string; format: MessageFormat };

export function MessageFields({
  idPrefix,
  draft,
  errors,
  onChange,
}: {
  idPrefix: string;
  draft: MessageDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<MessageDraft>) => void;
}) {
  const t = useTranslations("admin_messages.form");
  const tf = useTranslations("admin_messages.format");
  return (
    <div className="flex flex-col gap-4">
      <TextField
        id={`${idPrefix}-title`}
        label={t("title")}
        placeholder={t("title_placeholder")}
        value={draft.title}
        maxLength={MESSAGE_TITLE_MAX}
        error={errors.title}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      <Field id={`${idPrefix}-format`} label={t("format")}>
        <Radio.Root
          id={`${idPrefix}-format`}
          value={draft.format}
          onValueChange={(v) => onChange({ format: v as MessageFormat })}
          className="flex gap-4"
          orientation="horizontal"
          data-testid={`${idPrefix}-format`}
        >
          {MESSAGE_FORMATS.map((f) => (
            <label key={f} className="flex cursor-pointer items-center gap-2 text-sm">
              <Radio.Item
                value={f}
                data-testid={`${idPrefix}-format-${f}`}
                className="flex h-4 w-4 items-center justify-center rounded-full border border-border bg-surface focus-visible:ring-2 focus-visible:ring-ring data-[state=checked]:border-primary"
              >
                <Radio.Indicator className="h-2 w-2 rounded-full bg-primary" />
              </Radio.Item>
              {tf(f)}
            </label>
          ))}
        </Radio.Root>
      </Field>
      <Field
        id={`${idPrefix}-content`}
        label={t("content")}
        hint={draft.format === "html" ? t("content_hint_html") : t("content_hint_markdown")}
        error={errors.content}
      >
        <Textarea
          id={`${idPrefix}-content`}
          data-testid={`${idPrefix}-content`}
          rows={8}
          maxLength={MESSAGE_CONTENT_MAX}
          value={draft.content}
          placeholder={t("content_placeholder")}
          aria-invalid={!!errors.content}
          aria-describedby={errors.content ? `${idPrefix}-content-error` : undefined}
          onChange={(e) => onChange({ content: e.target.value })}
          className="font-mono text-xs leading-relaxed"
        />
      </Field>
    </div>
  );
}
