"use client";

// One settings section: a card with its fields and a save button that sends only the changed
// keys (use-settings-section.ts). Sections with extra rules pass `validate`.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { OptionField, useOptionWriteAccess, type FieldSpec } from "@/modules/settings/components/option-fields";
import {
  useSettingsSection,
  type SectionValues,
  type SettingsSection,
} from "@/modules/settings/components/use-settings-section";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/client/cn";

export function SectionCard({
  title,
  description,
  children,
  actions,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  return (
    <Card className="p-4 sm:p-6" data-testid={testId}>
      <div className="mb-4 flex flex-col gap-1">
        <h2 className="text-base font-semibold">{title}</h2>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
      {actions ? <div className="mt-4 flex flex-wrap justify-end gap-2">{actions}</div> : null}
    </Card>
  );
}

export function FieldGrid({ fields, section }: { fields: readonly FieldSpec[]; section: SettingsSection }) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {fields.map((f) => (
        <div key={f.key} className={cn(f.wide || f.kind === "json" || f.kind === "textarea" ? "md:col-span-2" : "")}>
          <OptionField spec={f} section={section} />
        </div>
      ))}
    </div>
  );
}

export function OptionSection({
  id,
  fields,
  validate,
  children,
}: {
  /** settings.sections.<id>.title / .description, and the test id settings-section-<id>. */
  id: string;
  fields: readonly FieldSpec[];
  validate?: (v: SectionValues, changed: string[]) => string | null;
  children?: (section: SettingsSection) => ReactNode;
}) {
  const t = useTranslations("settings");
  const canWrite = useOptionWriteAccess();
  // Only what this user may change is ever sent; a section of root-only settings has no save button.
  const writable = fields.map((f) => f.key).filter(canWrite);
  const section = useSettingsSection(writable);
  const desc = `sections.${id}.description`;
  const readOnly = writable.length === 0;
  return (
    <SectionCard
      testId={`settings-section-${id}`}
      title={t(`sections.${id}.title` as never)}
      description={
        readOnly ? (
          <span data-testid={`settings-root-only-${id}`}>{t("root_only_section")}</span>
        ) : t.has(desc as never) ? (
          t(desc as never)
        ) : undefined
      }
      actions={
        readOnly ? null : (
          <Button
            onClick={() => void section.submit(validate)}
            loading={section.saving}
            disabled={!section.ready}
            data-testid={`settings-save-${id}`}
          >
            {t("save_section")}
          </Button>
        )
      }
    >
      <FieldGrid fields={fields} section={section} />
      {readOnly ? null : children?.(section)}
    </SectionCard>
  );
}
