"use client";

// The shared "settings section" pattern: a draft of edits over the loaded options, a diff against
// what was loaded, one PUT per changed key, and these messages:
// 你似乎并没有修改什么 / 保存成功 / 保存失败，请重试 / 部分保存失败，请重试.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { describeError } from "@/lib/client/describe-error";
import { useOptions, useSaveOptions } from "@/modules/settings/client/hooks";
import { changedKeys } from "@/modules/settings/client/save-order";
import { checkOptionValue, type OptionProblem } from "@/modules/settings/rules/option-rules";

export type SectionValues = (key: string) => string;

/** Label id of an option key in the settings messages (dots are path separators there). */
export const fieldId = (key: string) => key.replace(/\./g, "_");

export function useProblemText() {
  const t = useTranslations("settings");
  return (p: OptionProblem, key: string) =>
    t(`problems.${p.id}` as never, { key: t(`fields.${fieldId(key)}` as never), ...p.params } as never);
}

export type SettingsSection = ReturnType<typeof useSettingsSection>;

export function useSettingsSection(keys: readonly string[]) {
  const t = useTranslations("settings");
  const te = useTranslations("errors");
  const problemText = useProblemText();
  const options = useOptions();
  const save = useSaveOptions();
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [badJson, setBadJson] = useState<Set<string>>(new Set());
  const loaded = options.data?.values ?? {};

  const value: SectionValues = (key) => edits[key] ?? loaded[key] ?? "";
  const set = (key: string, v: string) => setEdits((e) => ({ ...e, [key]: v }));
  const setJsonValidity = (key: string, valid: boolean) =>
    setBadJson((s) => {
      const next = new Set(s);
      if (valid) next.delete(key);
      else next.add(key);
      return next;
    });

  /** Validates and saves the changed keys; `validate` adds section rules (answer a message or null). */
  const submit = async (validate?: (v: SectionValues, changed: string[]) => string | null) => {
    const own = Object.fromEntries(keys.filter((k) => k in edits).map((k) => [k, edits[k]!]));
    const changed = changedKeys(loaded, own);
    if (changed.length === 0) return void toast.info(t("nothing_changed"));
    if (badJson.size > 0) return void toast.error(t("fix_json_first"));
    for (const key of changed) {
      const p = checkOptionValue(key, own[key]!);
      if (p) return void toast.error(problemText(p, key));
    }
    const custom = validate?.(value, changed);
    if (custom) return void toast.error(custom);
    const changes = Object.fromEntries(changed.map((k) => [k, own[k]!]));
    const result = await save.mutateAsync(changes);
    // A key edited again while the save was in flight keeps its new draft: only drafts still equal
    // to what was saved are dropped (the refetched options now hold them).
    setEdits((e) => {
      const next = { ...e };
      for (const k of result.saved) if (next[k] === changes[k]) delete next[k];
      return next;
    });
    const cause = result.failed[0] ? describeError(result.failed[0].error, te) : undefined;
    if (result.failed.length === 0) toast.success(t("saved"));
    else if (result.saved.length === 0) toast.error(t("save_failed"), { description: cause });
    else toast.error(t("partial_failed"), { description: cause });
  };

  return {
    value,
    set,
    setJsonValidity,
    submit,
    saving: save.isPending,
    loaded,
    secrets: options.data?.secrets ?? {},
    ready: options.isSuccess,
  };
}
