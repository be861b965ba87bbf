"use client";

// Edits every channel of a tag at once: only changed fields are sent and
// overwrite each channel's; an empty tag name dissolves the tag; nothing changed is refused.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { JsonTextarea } from "@/components/ui/json-textarea";
import { MultiSelect } from "@/components/ui/multi-select";
import { TextField } from "@/components/ui/text-field";
import { useSchemaCheck } from "@/components/admin/use-schema-check";
import { toList } from "@/lib/channel-rules";
import { numberOf } from "@/lib/client/number-text";
import { editTagSchema } from "@/modules/channels/schemas";
import type { TagRow } from "@/modules/channels/client/api";
import { useEditTag, useGroupNames, useKnownModels } from "@/modules/channels/client/hooks";

type Draft = { newTag: string; models: string[]; groups: string[]; mapping: string; priority: string; weight: string };

const initialOf = (row: TagRow): Draft => ({
  newTag: row.tag,
  models: toList(row.models),
  groups: toList(row.group),
  mapping: "",
  priority: String(row.priority),
  weight: String(row.weight),
});

export function TagEditDialog({ row, onClose }: { row: TagRow | null; onClose: () => void }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  return (
    <Dialog open={row !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent title={t("edit_tag_title", { tag: row?.tag ?? "" })} closeLabel={tc("close")} className="max-w-xl">
        {row ? <TagEditForm key={row.tag} row={row} onClose={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const same = (a: string[], b: string[]) => a.join(",") === b.join(",");

function TagEditForm({ row, onClose }: { row: TagRow; onClose: () => void }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const initial = initialOf(row);
  const [d, setD] = useState<Draft>(initial);
  const known = useKnownModels();
  const groups = useGroupNames();
  const edit = useEditTag();
  const { check } = useSchemaCheck();
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));

  const submit = () => {
    const body: Record<string, unknown> & { tag: string } = { tag: row.tag };
    if (d.newTag.trim() !== row.tag) body.new_tag = d.newTag.trim();
    if (!same(d.models, initial.models)) body.models = d.models.join(",");
    if (!same(d.groups, initial.groups)) body.groups = d.groups.join(",");
    if (d.mapping.trim()) body.model_mapping = d.mapping.trim();
    if (d.priority !== initial.priority) body.priority = numberOf(d.priority);
    if (d.weight !== initial.weight) body.weight = numberOf(d.weight);
    if (Object.keys(body).length === 1) return void toast.error(t("error_nothing_changed"));
    if (!check(editTagSchema, body)) return;
    edit.mutate(body, {
      onSuccess: () => {
        toast.success(t("tag_updated"));
        onClose();
      },
    });
  };

  const modelOptions = [...new Set([...(known.data ?? []), ...d.models])].map((m) => ({ value: m, label: m }));
  const groupOptions = [...new Set([...(groups.data ?? []), ...d.groups])].map((g) => ({ value: g, label: g }));
  return (
    <div className="flex flex-col gap-4" data-testid="tag-edit-dialog">
      <TextField
        id="tag-edit-name"
        label={t("field_tag")}
        hint={t("tag_dissolve_hint")}
        value={d.newTag}
        onChange={(e) => set({ newTag: e.target.value })}
      />
      <Field id="tag-edit-models" label={t("field_models")}>
        <MultiSelect
          id="tag-edit-models"
          values={d.models}
          onChange={(models) => set({ models })}
          options={modelOptions}
          creatable
          searchPlaceholder={t("model_search")}
          data-testid="tag-edit-models"
        />
      </Field>
      <Field id="tag-edit-groups" label={t("field_groups")}>
        <MultiSelect
          id="tag-edit-groups"
          values={d.groups}
          onChange={(g) => set({ groups: g })}
          options={groupOptions}
          creatable
          data-testid="tag-edit-groups"
        />
      </Field>
      <Field id="tag-edit-mapping" label={t("field_model_mapping")} hint={t("tag_mapping_hint")}>
        <JsonTextarea
          id="tag-edit-mapping"
          rows={4}
          value={d.mapping}
          onChange={(mapping) => set({ mapping })}
          placeholder={t("model_mapping_placeholder")}
        />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id="tag-edit-priority"
          label={t("field_priority")}
          type="number"
          value={d.priority}
          onChange={(e) => set({ priority: e.target.value })}
        />
        <TextField
          id="tag-edit-weight"
          label={t("field_weight")}
          type="number"
          min={0}
          value={d.weight}
          onChange={(e) => set({ weight: e.target.value })}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          {tc("cancel")}
        </Button>
        <Button onClick={submit} loading={edit.isPending} data-testid="tag-edit-submit">
          {tc("save")}
        </Button>
      </div>
    </div>
  );
}
