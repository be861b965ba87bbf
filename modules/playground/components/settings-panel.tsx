"use client";

// The playground's left panel: group, searchable model, temperature 0.1–1 (a styled
// native range: no slider primitive is installed), max tokens as an integer, system prompt, and the
// stream reconnect switch (off by default, 3000 ms).
import { useTranslations } from "next-intl";
import { ModelCombobox } from "@/modules/playground/components/model-combobox";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import type { GroupInfo } from "@/lib/client/user-self";
import {
  parseMaxTokens,
  snapTemperature,
  STREAM_RECONNECT,
  TEMPERATURE_RANGE,
  type ChatSettings,
} from "@/modules/playground/chat/chat-state";

export function SettingsPanel({
  settings,
  onChange,
  groups,
  groupsLoading,
  models,
  modelsLoading,
  model,
}: {
  settings: ChatSettings;
  onChange: (next: ChatSettings) => void;
  groups: Record<string, GroupInfo> | undefined;
  groupsLoading: boolean;
  models: readonly string[];
  modelsLoading: boolean;
  /** The model actually used (the chosen one, or the group's first when it does not serve it). */
  model: string;
}) {
  const t = useTranslations("playground");
  const set = (patch: Partial<ChatSettings>) => onChange({ ...settings, ...patch });
  const groupNames = Object.keys(groups ?? {});
  const groupOptions = groupNames.map((name) => {
    const g = groups![name]!;
    return {
      value: name,
      label: (
        <span className="flex items-baseline gap-2">
          <span>{name}</span>
          <span className="text-xs text-muted">
            {g.desc && g.desc !== name ? `${g.desc} · ` : ""}
            {t("ratio", { ratio: g.ratio })}
          </span>
        </span>
      ),
    };
  });

  return (
    <div className="flex flex-col gap-5" data-testid="pg-settings">
      <Field id="pg-group" label={t("group")}>
        <Select
          id="pg-group"
          value={settings.group || groupNames[0] || ""}
          onValueChange={(group) => set({ group })}
          options={groupOptions}
          placeholder={groupsLoading ? t("loading") : t("group_placeholder")}
          disabled={groupsLoading || groupNames.length === 0}
          data-testid="pg-group"
        />
      </Field>
      <Field
        id="pg-model"
        label={t("model")}
        hint={!modelsLoading && models.length === 0 ? t("model_none") : undefined}
      >
        <ModelCombobox
          id="pg-model"
          value={model}
          onChange={(m) => set({ model: m })}
          models={models}
          loading={modelsLoading}
          searchPlaceholder={t("model_search")}
          emptyText={t("model_empty")}
          data-testid="pg-model"
        />
      </Field>
      <Field id="pg-temperature" label={t("temperature")} hint={t("temperature_hint")}>
        <div className="flex items-center gap-3">
          <input
            id="pg-temperature"
            type="range"
            min={TEMPERATURE_RANGE.min}
            max={TEMPERATURE_RANGE.max}
            step={TEMPERATURE_RANGE.step}
            value={Math.max(TEMPERATURE_RANGE.min, settings.temperature)}
            onChange={(e) => set({ temperature: snapTemperature(Number(e.target.value)) })}
            data-testid="pg-temperature"
            className="h-2 w-full cursor-pointer accent-primary"
          />
          <span className="w-8 shrink-0 text-right text-sm tabular-nums" data-testid="pg-temperature-value">
            {settings.temperature.toFixed(1)}
          </span>
        </div>
      </Field>
      <Field id="pg-max-tokens" label={t("max_tokens")} hint={t("max_tokens_hint")}>
        <Input
          id="pg-max-tokens"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="0"
          value={settings.max_tokens === 0 ? "" : String(settings.max_tokens)}
          onChange={(e) => set({ max_tokens: parseMaxTokens(e.target.value) })}
          data-testid="pg-max-tokens"
        />
      </Field>
      <Field id="pg-system" label={t("system_prompt")}>
        <Textarea
          id="pg-system"
          rows={6}
          value={settings.systemPrompt}
          onChange={(e) => set({ systemPrompt: e.target.value })}
          placeholder={t("system_prompt_placeholder")}
          data-testid="pg-system"
        />
      </Field>
      <div className="flex items-start justify-between gap-3 rounded-md border border-border px-3 py-2.5">
        <div className="min-w-0">
          <label htmlFor="pg-reconnect" className="text-sm font-medium">
            {t("stream_reconnect")}
          </label>
          <p className="mt-0.5 text-xs text-muted">
            {t("stream_reconnect_hint", { delay: STREAM_RECONNECT.delayMs, attempts: STREAM_RECONNECT.maxAttempts })}
          </p>
        </div>
        <Switch
          id="pg-reconnect"
          data-testid="pg-reconnect"
          checked={settings.streamReconnect}
          onCheckedChange={(on) => set({ streamReconnect: on })}
        />
      </div>
    </div>
  );
}
