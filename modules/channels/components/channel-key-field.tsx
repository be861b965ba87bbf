"use client";

// The key field: single-key mode is one line; text with commas or newlines switches to
// multi-key mode (not for type 41, whose key is a JSON document); switching back joins the keys with
// commas. When creating with several keys: one channel per key, or one multi-key channel.
import { useTranslations } from "next-intl";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioItem } from "@/components/ui/radio-group";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { channelTypeInfo } from "@/lib/channel-types";
import { joinKeysForSingleMode, multiKeyAllowed, splitKeyText } from "@/lib/channel-rules";
import { keyModeAfterInput, type ChannelFormValues } from "@/modules/channels/client/channel-form";

type Props = {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
  action: "create" | "edit";
  invalid: boolean;
  /** A key the relay could not use (a Vertex key that is not a service-account JSON). */
  error?: string | null;
};

export function ChannelKeyField({ values: v, onChange, action, invalid, error }: Props) {
  const t = useTranslations("channels");
  const info = channelTypeInfo(v.type);
  const allowed = multiKeyAllowed(v.type);
  const multi = allowed && v.keyMode === "multi";
  const count = splitKeyText(v.key, v.type).length;
  const hints = [
    info?.keyFormat ? t("key_format_hint", { format: info.keyFormat }) : null,
    action === "edit" ? t("key_keep_hint") : null,
    multi ? t("key_multi_hint", { count }) : null,
  ].filter(Boolean);

  const setKey = (key: string) => onChange({ key, keyMode: keyModeAfterInput(key, v.type, v.keyMode) });
  const common = {
    id: "channel-key",
    value: v.key,
    "aria-invalid": invalid || !!error || undefined,
    placeholder: action === "edit" ? t("key_placeholder_edit") : t("key_placeholder"),
    "data-testid": "channel-key",
    autoComplete: "off",
    spellCheck: false,
  } as const;

  return (
    <div className="flex flex-col gap-3">
      <Field
        id="channel-key"
        label={
          <span className="flex items-center justify-between gap-2">
            <span>{t("field_key")}</span>
            {allowed ? (
              <span className="inline-flex items-center gap-2 text-xs font-normal text-muted">
                {t("multi_key_mode")}
                <Switch
                  checked={multi}
                  aria-label={t("multi_key_mode")}
                  onCheckedChange={(on) =>
                    onChange(
                      on ? { keyMode: "multi" } : { keyMode: "single", key: joinKeysForSingleMode(v.key, v.type) },
                    )
                  }
                  data-testid="channel-key-multi"
                />
              </span>
            ) : null}
          </span>
        }
        hint={hints.length ? hints.join(" ") : undefined}
        error={error}
      >
        {multi || info?.singleKeyOnly ? (
          <Textarea rows={info?.singleKeyOnly ? 6 : 4} {...common} onChange={(e) => setKey(e.target.value)} />
        ) : (
          <Input {...common} onChange={(e) => setKey(e.target.value)} />
        )}
      </Field>
      {multi && action === "create" ? (
        <RadioGroup
          value={v.multiCreate}
          onValueChange={(val) => onChange({ multiCreate: val as ChannelFormValues["multiCreate"] })}
          className="sm:flex-row"
          aria-label={t("multi_create")}
        >
          <RadioItem id="multi-batch" value="batch" label={t("multi_batch")} description={t("multi_batch_hint")} />
          <RadioItem
            id="multi-single"
            value="multi_to_single"
            label={t("multi_to_single")}
            description={t("multi_to_single_hint")}
          />
        </RadioGroup>
      ) : null}
      {multi && action === "create" && v.multiCreate === "multi_to_single" ? (
        <Field id="channel-multi-key-mode" label={t("multi_key_rotation")}>
          <Select
            id="channel-multi-key-mode"
            value={v.multiKeyMode}
            onValueChange={(val) => onChange({ multiKeyMode: val as ChannelFormValues["multiKeyMode"] })}
            options={[
              { value: "random", label: t("rotation_random") },
              { value: "polling", label: t("rotation_polling") },
            ]}
          />
        </Field>
      ) : null}
    </div>
  );
}
