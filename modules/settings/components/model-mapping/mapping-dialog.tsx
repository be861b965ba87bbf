"use client";

// Add/edit one virtual model: its name and its actual models with integer priorities (≥ 0). At
// least one actual-model row is kept. Checked with the manager's rules before the PUT.
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions } from "@/components/ui/dialog-actions";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useEnabledModels } from "@/modules/settings/client/hooks";
import {
  checkMappingEntries,
  entriesToMapping,
  mappingToEntries,
  type MappingEntry,
  type MappingTarget,
  type ModelMapping,
} from "@/modules/settings/model-mapping";
import { ErrorText } from "@/components/ui/error-text";

type Draft = { model: string; priorities: string };

export function MappingDialog({
  entry,
  mapping,
  saving,
  onClose,
  onSave,
}: {
  entry: { virtual: string; targets: MappingTarget[] } | null;
  mapping: ModelMapping;
  saving: boolean;
  onClose: () => void;
  onSave: (next: ModelMapping) => void;
}) {
  const t = useTranslations("settings");
  const tc = useTranslations("common");
  const listId = useId();
  const models = useEnabledModels();
  const [virtual, setVirtual] = useState(entry?.virtual ?? "");
  const [targets, setTargets] = useState<Draft[]>(
    entry?.targets.map((x) => ({ model: x.model, priorities: String(x.priorities) })) ?? [
      { model: "", priorities: "0" },
    ],
  );
  const [error, setError] = useState<string | null>(null);
  const update = (i: number, patch: Partial<Draft>) => {
    setTargets(targets.map((d, j) => (j === i ? { ...d, ...patch } : d)));
    setError(null);
  };

  const submit = () => {
    // The other virtual models stay as they are; this one replaces its old name (rename allowed).
    const others = mappingToEntries(mapping).filter((e) => e.virtual !== entry?.virtual);
    const mine: MappingEntry = { virtual, targets };
    const entries = [...others, mine];
    const problem = checkMappingEntries(entries);
    if (problem) return setError(t(`mapping.problems.${problem.id}`, problem.params as never));
    onSave(entriesToMapping(entries));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title={entry ? t("mapping.edit_title") : t("mapping.add_title")}
        closeLabel={tc("close")}
        footer={
          <DialogActions
            onCancel={onClose}
            onSubmit={submit}
            submitLabel={tc("save")}
            loading={saving}
            submitTestId="mapping-dialog-save"
          />
        }
      >
        <div className="flex flex-col gap-4" data-testid="mapping-dialog">
          <Field id="mapping-virtual" label={t("mapping.virtual")} hint={t("mapping.virtual_hint")}>
            <Input
              id="mapping-virtual"
              data-testid="mapping-virtual"
              value={virtual}
              onChange={(e) => {
                setVirtual(e.target.value);
                setError(null);
              }}
            />
          </Field>
          <div className="flex flex-col gap-2">
            <div className="grid grid-cols-[1fr_6rem_2.25rem] gap-2 text-xs font-medium text-muted">
              <span>{t("mapping.actual")}</span>
              <span>{t("mapping.priority")}</span>
            </div>
            {targets.map((d, i) => (
              <div key={i} className="grid grid-cols-[1fr_6rem_2.25rem] gap-2" data-testid="mapping-target-row">
                <Input
                  list={listId}
                  aria-label={t("mapping.actual")}
                  data-testid="mapping-target-model"
                  value={d.model}
                  onChange={(e) => update(i, { model: e.target.value })}
                />
                <Input
                  type="number"
                  min={0}
                  step={1}
                  aria-label={t("mapping.priority")}
                  data-testid="mapping-target-priority"
                  value={d.priorities}
                  onChange={(e) => update(i, { priorities: e.target.value })}
                />
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t("mapping.remove_target")}
                  disabled={targets.length === 1}
                  onClick={() => setTargets(targets.filter((_, j) => j !== i))}
                >
                  <X className="h-4 w-4" />
                </Button>
              </div>
            ))}
            <datalist id={listId}>
              {(models.data ?? []).map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={() => setTargets([...targets, { model: "", priorities: "0" }])}
              data-testid="mapping-add-target"
            >
              <Plus className="h-4 w-4" />
              {t("mapping.add_target")}
            </Button>
            <p className="text-xs text-muted">{t("mapping.priority_hint")}</p>
          </div>
          <ErrorText data-testid="mapping-dialog-error">{error}</ErrorText>
        </div>
      </DialogContent>
    </Dialog>
  );
}
