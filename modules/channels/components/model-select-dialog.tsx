"use client";

// The advanced model picker (a 400 px list, 3 per row): search, check, select all shown,
// clear. Used for the known models and for a list fetched from the upstream.
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";

export function ModelSelectDialog({
  open,
  title,
  options,
  selected,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  title: string;
  options: string[];
  selected: string[];
  onOpenChange: (o: boolean) => void;
  onConfirm: (models: string[]) => void;
}) {
  const tc = useTranslations("common");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title} closeLabel={tc("close")} className="max-w-3xl">
        {open ? (
          <Picker options={options} selected={selected} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Picker({
  options,
  selected,
  onCancel,
  onConfirm,
}: {
  options: string[];
  selected: string[];
  onCancel: () => void;
  onConfirm: (models: string[]) => void;
}) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const [checked, setChecked] = useState(() => new Set(selected));
  const [query, setQuery] = useState("");
  const all = useMemo(() => [...new Set([...options, ...selected])].sort(), [options, selected]);
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? all.filter((m) => m.toLowerCase().includes(q)) : all;
  }, [all, query]);
  const toggle = (m: string, on: boolean) =>
    setChecked((s) => {
      const next = new Set(s);
      if (on) next.add(m);
      else next.delete(m);
      return next;
    });
  return (
    <div className="flex flex-col gap-3" data-testid="model-select-dialog">
      <div className="flex flex-wrap items-center gap-2">
        <Input
          className="w-full sm:w-64"
          placeholder={t("model_search")}
          aria-label={t("model_search")}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="model-select-search"
        />
        <Button
          size="sm"
          variant="outline"
          onClick={() => setChecked((s) => new Set([...s, ...shown]))}
          data-testid="model-select-all"
        >
          {t("select_shown")}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setChecked(new Set())}>
          {t("clear_selection")}
        </Button>
        <span className="text-xs text-muted sm:ml-auto">
          {t("selected_models", { count: checked.size, total: all.length })}
        </span>
      </div>
      <div className="h-[400px] overflow-y-auto rounded-md border border-border p-2">
        {shown.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted">{tc("empty")}</p>
        ) : (
          <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-3">
            {shown.map((m) => (
              <label key={m} className="flex min-w-0 cursor-pointer items-center gap-2 text-sm" title={m}>
                <Checkbox
                  checked={checked.has(m)}
                  onCheckedChange={(on) => toggle(m, on)}
                  data-testid={`model-option-${m}`}
                />
                <span className="truncate">{m}</span>
              </label>
            ))}
          </div>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          {tc("cancel")}
        </Button>
        <Button onClick={() => onConfirm(all.filter((m) => checked.has(m)))} data-testid="model-select-confirm">
          {tc("confirm")}
        </Button>
      </div>
    </div>
  );
}
