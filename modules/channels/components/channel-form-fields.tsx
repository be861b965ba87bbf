"use client";

// Every field of the channel drawer, in sections: basics (type, name, key, base URL, per-type extra),
// models (with mapping and test model), routing (groups, priority, weight, tag, auto-disable), and
// advanced JSON fields.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ChannelKeyField } from "@/modules/channels/components/channel-key-field";
import { ChannelKeyReveal } from "@/modules/security/client";
import { useSite } from "@/components/providers/site-context";
import { ROLE } from "@/lib/constants";
import { ChannelModelField } from "@/modules/channels/components/channel-model-field";
import { useTypeName } from "@/modules/channels/components/channel-cells";
import { Field } from "@/components/ui/field";
import { JsonTextarea } from "@/components/ui/json-textarea";
import { MultiSelect } from "@/components/ui/multi-select";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { CHANNEL_TYPES, channelTypeInfo, defaultModelsFor } from "@/lib/channel-types";
import { baseUrlEndsWithV1, multiKeyAllowed } from "@/lib/channel-rules";
import { useGroupNames } from "@/modules/channels/client/hooks";
import type { ChannelFormValues, JsonField } from "@/modules/channels/client/channel-form";

/** Types whose `other` column means something, and what it is called. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h3 className="border-b border-border pb-1 text-sm font-semibold text-muted">{title}</h3>
      {children}
    </section>
  );
}

export function ChannelFormFields({
  values: v,
  onChange,
  action,
  editId,
  errors,
}: {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
  action: "create" | "edit";
  editId: number | null;
  /** Translated messages by schema field (the channel schemas' names: group, expired_time...). */
  errors: Record<string, string>;
}) {
  const { user } = useSite();
  const t = useTranslations("channels");
  const typeName = useTypeName();
  const groups = useGroupNames();
  const info = channelTypeInfo(v.type);
  const otherKind = info?.form?.other;
  const err = (field: string) => errors[field] || null;

  const changeType = (value: string) => {
    const type = Number(value);
    const previous = defaultModelsFor(v.type);
    // Suggestions follow the type; models still equal to the old type's suggestions follow too.
    const untouched = v.models.length === 0 || v.models.join(",") === previous.join(",");
    onChange({
      type,
      models: untouched ? defaultModelsFor(type) : v.models,
      keyMode: multiKeyAllowed(type) ? v.keyMode : "single",
    });
  };

  const json = (field: JsonField, label: string, placeholder?: string) => (
    <Field id={`channel-${field}`} label={label} error={err(field)}>
      <JsonTextarea
        id={`channel-${field}`}
        rows={3}
        value={v[field]}
        onChange={(text) => onChange({ [field]: text })}
        placeholder={placeholder}
        data-testid={`channel-${field}`}
      />
    </Field>
  );

  return (
    <div className="flex flex-col gap-6">
      <Section title={t("section_basic")}>
        <Field id="channel-type" label={t("field_type")} error={err("type")}>
          <Select
            id="channel-type"
            value={String(v.type)}
            onValueChange={changeType}
            options={CHANNEL_TYPES.map((ct) => ({ value: String(ct.id), label: typeName(ct.id) }))}
            data-testid="channel-type"
          />
        </Field>
        {/* Once a save was refused, the error under the select says it; the warning would repeat it. */}
        {info && !info.relayed && !errors.type ? (
          <p className="-mt-2 text-xs text-warning">{t("type_not_relayed")}</p>
        ) : null}
        {/* What this type needs (key format, region, project, deployment, API version, bot ID). */}
        {info?.form?.setup ? (
          <p className="-mt-2 text-xs text-muted" data-testid="channel-type-setup">
            {t(`setup_${info.form.setup}`)}
          </p>
        ) : null}
        <TextField
          id="channel-name"
          label={t("field_name")}
          value={v.name}
          placeholder={t("name_placeholder")}
          error={err("name")}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <ChannelKeyField values={v} onChange={onChange} action={action} invalid={!!errors.key} error={err("key")} />
        {editId !== null && (user?.role ?? 0) >= ROLE.root ? <ChannelKeyReveal channelId={editId} /> : null}
        <TextField
          id="channel-base-url"
          label={info?.form?.fullUrl ? t("field_full_url") : t("field_base_url")}
          value={v.base_url}
          placeholder={info?.baseUrlPlaceholder ?? t("base_url_placeholder")}
          hint={baseUrlEndsWithV1(v.base_url) ? t("base_url_v1_hint") : t("base_url_hint")}
          error={err("base_url")}
          onChange={(e) => onChange({ base_url: e.target.value })}
          onBlur={() => onChange({ base_url: v.base_url.trim().replace(/\/+$/, "") })}
        />
        {otherKind ? (
          <TextField
            id="channel-other"
            label={t(`other_${otherKind}`)}
            placeholder={t(`other_${otherKind}_placeholder`)}
            value={v.other}
            error={err("other")}
            onChange={(e) => onChange({ other: e.target.value })}
          />
        ) : null}
        {info?.form?.organization ? (
          <TextField
            id="channel-organization"
            label={t("field_organization")}
            value={v.openai_organization}
            onChange={(e) => onChange({ openai_organization: e.target.value })}
          />
        ) : null}
      </Section>

      <Section title={t("section_models")}>
        <ChannelModelField values={v} onChange={onChange} editId={editId} error={err("models")} />
        {json("model_mapping", t("field_model_mapping"), t("model_mapping_placeholder"))}
        <TextField
          id="channel-test-model"
          label={t("field_test_model")}
          hint={t("test_model_hint")}
          value={v.test_model}
          onChange={(e) => onChange({ test_model: e.target.value })}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            id="channel-model-prefix"
            label={t("field_model_prefix")}
            hint={t("model_prefix_hint")}
            value={v.model_prefix}
            maxLength={200}
            onChange={(e) => onChange({ model_prefix: e.target.value })}
          />
          <TextField
            id="channel-max-input-tokens"
            type="number"
            min={0}
            label={t("field_max_input_tokens")}
            hint={t("max_input_tokens_hint")}
            value={v.max_input_tokens}
            error={err("max_input_tokens")}
            onChange={(e) => onChange({ max_input_tokens: e.target.value })}
          />
        </div>
      </Section>

      <Section title={t("section_routing")}>
        <Field id="channel-groups" label={t("field_groups")} error={err("group")}>
          <MultiSelect
            id="channel-groups"
            values={v.groups}
            onChange={(g) => onChange({ groups: g })}
            options={[...new Set([...(groups.data ?? []), ...v.groups])].map((g) => ({ value: g, label: g }))}
            creatable
            placeholder={t("groups_placeholder")}
            data-testid="channel-groups"
          />
        </Field>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            id="channel-priority"
            type="number"
            min={-999}
            label={t("field_priority")}
            hint={t("priority_hint")}
            value={v.priority}
            error={err("priority")}
            onChange={(e) => onChange({ priority: e.target.value })}
          />
          <TextField
            id="channel-weight"
            type="number"
            min={0}
            label={t("field_weight")}
            hint={t("weight_hint")}
            value={v.weight}
            error={err("weight")}
            onChange={(e) => onChange({ weight: e.target.value })}
          />
        </div>
        <TextField
          id="channel-tag"
          label={t("field_tag")}
          value={v.tag}
          onChange={(e) => onChange({ tag: e.target.value })}
        />
        <TextField
          id="channel-expired-time"
          type="datetime-local"
          label={t("field_expired_time")}
          hint={t("expired_time_hint")}
          value={v.expiry}
          error={err("expired_time")}
          onChange={(e) => onChange({ expiry: e.target.value })}
        />
        <label className="inline-flex cursor-pointer items-center gap-3 text-sm">
          <Switch
            checked={v.auto_ban}
            onCheckedChange={(auto_ban) => onChange({ auto_ban })}
            data-testid="channel-auto-ban"
          />
          <span className="flex flex-col">
            <span className="font-medium">{t("field_auto_ban")}</span>
            <span className="text-xs text-muted">{t("auto_ban_hint")}</span>
          </span>
        </label>
      </Section>

      <Section title={t("section_advanced")}>
        {json("status_code_mapping", t("field_status_code_mapping"), '{"400": "500"}')}
        {json("param_override", t("field_param_override"), '{"temperature": 0}')}
        {json("header_override", t("field_header_override"), '{"X-Header": "value"}')}
        {json("setting", t("field_setting"), '{"force_format": true}')}
        <Field id="channel-system-prompt" label={t("field_system_prompt")}>
          <Textarea
            id="channel-system-prompt"
            rows={3}
            value={v.system_prompt}
            onChange={(e) => onChange({ system_prompt: e.target.value })}
          />
        </Field>
        <TextField
          id="channel-remark"
          label={t("field_remark")}
          value={v.remark}
          onChange={(e) => onChange({ remark: e.target.value })}
        />
      </Section>
    </div>
  );
}
