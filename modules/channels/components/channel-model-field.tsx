"use client";

// Models of the channel: a creatable multi-select, the type's suggestions (fill), the advanced picker,
// fetching the upstream's list, and clearing. Fetching uses the form's base URL and first key, or
// the saved channel when editing without a new key (the key never reaches the browser).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { ModelSelectDialog } from "@/modules/channels/components/model-select-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { MultiSelect } from "@/components/ui/multi-select";
import { channelTypeInfo, defaultModelsFor } from "@/lib/channel-types";
import { splitKeyText } from "@/lib/channel-rules";
import { fetchSavedChannelModels, fetchUpstreamModels } from "@/modules/channels/client/api";
import { useKnownModels } from "@/modules/channels/client/hooks";
import type { ChannelFormValues } from "@/modules/channels/client/channel-form";

type Picker = { title: string; options: string[] } | null;

export function ChannelModelField({
  values: v,
  onChange,
  editId,
  error,
}: {
  values: ChannelFormValues;
  onChange: (patch: Partial<ChannelFormValues>) => void;
  editId: number | null;
  /** The schema's message for the models, translated. */
  error: string | null;
}) {
  const t = useTranslations("channels");
  const known = useKnownModels();
  const [picker, setPicker] = useState<Picker>(null);
  const [fetching, setFetching] = useState(false);
  const suggestions = defaultModelsFor(v.type);
  const options = [...new Set([...suggestions, ...(known.data ?? []), ...v.models])].map((m) => ({
    value: m,
    label: m,
  }));

  const fetchUpstream = async () => {
    const key = splitKeyText(v.key, v.type)[0] ?? (channelTypeInfo(v.type)?.singleKeyOnly ? v.key.trim() : "");
    if (!key && editId === null) return void toast.error(t("error_key_required_fetch"));
    setFetching(true);
    try {
      const models = key
        ? await fetchUpstreamModels({ base_url: v.base_url, type: v.type, key })
        : await fetchSavedChannelModels(editId!);
      if (models.length === 0) return void toast.error(t("fetch_models_empty"));
      setPicker({ title: t("fetch_models_title", { count: models.length }), options: models });
    } catch {
      // The failure is shown by the global error toast (获取模型列表失败：…).
    } finally {
      setFetching(false);
    }
  };

  return (
    <Field id="channel-models" label={t("field_models")} error={error}>
      <MultiSelect
        id="channel-models"
        values={v.models}
        onChange={(models) => onChange({ models })}
        options={options}
        creatable
        placeholder={t("models_placeholder")}
        searchPlaceholder={t("model_search_create")}
        data-testid="channel-models"
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={suggestions.length === 0}
          onClick={() => onChange({ models: [...new Set([...v.models, ...suggestions])] })}
          data-testid="channel-models-fill"
        >
          {t("fill_default_models")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => setPicker({ title: t("advanced_models_title"), options: options.map((o) => o.value) })}
          data-testid="channel-models-advanced"
        >
          {t("advanced_models")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          loading={fetching}
          onClick={() => void fetchUpstream()}
          data-testid="channel-models-fetch"
        >
          {t("fetch_models")}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange({ models: [] })}>
          {t("clear_models")}
        </Button>
      </div>
      <ModelSelectDialog
        open={picker !== null}
        title={picker?.title ?? ""}
        options={picker?.options ?? []}
        selected={v.models}
        onOpenChange={(o) => !o && setPicker(null)}
        onConfirm={(models) => {
          onChange({ models });
          setPicker(null);
        }}
      />
    </Field>
  );
}
