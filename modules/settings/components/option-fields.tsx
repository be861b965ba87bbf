"use client";

// Declarative option fields: one spec per option key, rendered with the UI kit. Labels come from
// settings.fields.<key>, hints (when declared) from settings.hints.<key>. For an admin, a field
// outside the admin allow-list (modules/settings/rules/option-access.ts) is shown read-only with a note saying
// that only root may change it, so a save never sends it.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { fieldId, type SettingsSection } from "@/modules/settings/components/use-settings-section";
import { Badge } from "@/components/ui/badge";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { JsonTextarea } from "@/components/ui/json-textarea";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { ROLE } from "@/lib/constants";
import { useSite } from "@/components/providers/site-context";
import { isAdminWritableOption } from "@/modules/settings/rules/option-access";

/** Which options the signed-in user may change (root: all; admin: the allow-list). */
export function useOptionWriteAccess(): (key: string) => boolean {
  const { user } = useSite();
  const isRoot = (user?.role ?? 0) >= ROLE.root;
  return (key) => isRoot || isAdminWritableOption(key);
}

export type FieldSpec = {
  key: string;
  kind: "bool" | "text" | "number" | "textarea" | "json" | "secret" | "select";
  hint?: boolean;
  step?: number;
  min?: number;
  max?: number;
  rows?: number;
  placeholder?: string;
  options?: readonly string[];
  /** Turning this switch off asks first; cancelling keeps it on (used for the password-login switch). */
  confirmOff?: boolean;
  /** Spans both columns of the section grid. */
  wide?: boolean;
};

const testId = (key: string) => `opt-${fieldId(key)}`;

function BoolField({ spec, section, label, hint, locked }: FieldProps) {
  const t = useTranslations("settings");
  const [asking, setAsking] = useState(false);
  const checked = section.value(spec.key) === "true";
  const id = testId(spec.key);
  return (
    <div className="flex items-start justify-between gap-3 rounded-md border border-border px-3 py-2.5">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? <p className="mt-0.5 text-xs text-muted">{hint}</p> : null}
      </div>
      <Switch
        id={id}
        data-testid={id}
        checked={checked}
        disabled={locked}
        onCheckedChange={(on) => {
          if (!on && spec.confirmOff) setAsking(true);
          else section.set(spec.key, on ? "true" : "false");
        }}
      />
      {spec.confirmOff ? (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          title={t("confirm_off_title")}
          description={t(`confirm_off.${fieldId(spec.key)}` as never)}
          danger
          onConfirm={() => {
            section.set(spec.key, "false");
            setAsking(false);
          }}
          data-testid={`${id}-confirm`}
        />
      ) : null}
    </div>
  );
}

type FieldProps = { spec: FieldSpec; section: SettingsSection; label: string; hint?: ReactNode; locked: boolean };

function SecretField({ spec, section, label, hint }: FieldProps) {
  const t = useTranslations("settings");
  const { user } = useSite();
  const isRoot = (user?.role ?? 0) >= ROLE.root;
  const id = testId(spec.key);
  const isSet = section.secrets[spec.key];
  return (
    <Field
      id={id}
      label={
        <span className="inline-flex items-center gap-2">
          {label}
          <Badge tone={isSet ? "success" : "neutral"}>{isSet ? t("secret_set") : t("secret_not_set")}</Badge>
        </span>
      }
      hint={isRoot ? (hint ?? t("secret_hint")) : t("secret_root_only")}
    >
      <Input
        id={id}
        data-testid={id}
        type="password"
        autoComplete="new-password"
        disabled={!isRoot}
        placeholder={isSet ? t("secret_keep_placeholder") : ""}
        value={section.value(spec.key)}
        onChange={(e) => section.set(spec.key, e.target.value)}
      />
    </Field>
  );
}

export function OptionField({ spec, section }: { spec: FieldSpec; section: SettingsSection }) {
  const t = useTranslations("settings");
  const locked = !useOptionWriteAccess()(spec.key);
  const fid = fieldId(spec.key);
  const label = t(`fields.${fid}` as never);
  const hint = locked ? t("root_only_field") : spec.hint ? t(`hints.${fid}` as never) : undefined;
  const props: FieldProps = { spec, section, label, hint, locked };
  if (spec.kind === "bool") return <BoolField {...props} />;
  if (spec.kind === "secret") return <SecretField {...props} />;
  const id = testId(spec.key);
  const value = section.value(spec.key);
  const set = (v: string) => section.set(spec.key, v);
  let control: ReactNode;
  if (spec.kind === "json")
    control = (
      <JsonTextarea
        id={id}
        data-testid={id}
        rows={spec.rows ?? 6}
        disabled={locked}
        value={value}
        placeholder={spec.placeholder}
        onChange={set}
        onValidityChange={(valid) => section.setJsonValidity(spec.key, valid)}
      />
    );
  else if (spec.kind === "textarea")
    control = (
      <Textarea
        id={id}
        data-testid={id}
        rows={spec.rows ?? 4}
        disabled={locked}
        value={value}
        placeholder={spec.placeholder}
        onChange={(e) => set(e.target.value)}
      />
    );
  else if (spec.kind === "select")
    control = (
      <Select
        aria-label={label}
        data-testid={id}
        disabled={locked}
        value={value}
        onValueChange={set}
        options={(spec.options ?? []).map((o) => ({ value: o, label: t(`choices.${o}` as never) }))}
      />
    );
  else
    control = (
      <Input
        id={id}
        data-testid={id}
        type={spec.kind === "number" ? "number" : "text"}
        inputMode={spec.kind === "number" ? "decimal" : undefined}
        step={spec.step}
        min={spec.min}
        max={spec.max}
        disabled={locked}
        value={value}
        placeholder={spec.placeholder}
        onChange={(e) => set(e.target.value)}
      />
    );
  return (
    <Field id={id} label={label} hint={hint}>
      {control}
    </Field>
  );
}
