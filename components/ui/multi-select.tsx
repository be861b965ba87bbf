"use client";

import * as Popover from "@radix-ui/react-popover";
import { Check, ChevronDown, X } from "lucide-react";
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "@/lib/client/cn";
import { PickerPanel } from "@/components/ui/picker-panel";

export type MultiSelectOption = { value: string; label: ReactNode };

/**
 * Several values from a searchable list, shown as removable chips. With `creatable`, Enter adds the
 * typed text as a value even when it is not an option (models, tags).
 */
export function MultiSelect({
  values,
  onChange,
  options,
  placeholder,
  searchPlaceholder,
  creatable,
  disabled,
  className,
  id,
  "aria-label": ariaLabel,
  "data-testid": testId,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  options: MultiSelectOption[];
  placeholder?: string;
  searchPlaceholder?: string;
  creatable?: boolean;
  disabled?: boolean;
  className?: string;
  id?: string;
  "aria-label"?: string;
  "data-testid"?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const listId = useId();
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.value.toLowerCase().includes(q) || textOf(o.label).includes(q)) : options;
  }, [options, query]);

  const toggle = (value: string) =>
    onChange(values.includes(value) ? values.filter((v) => v !== value) : [...values, value]);

  const onSearchKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    const typed = query.trim();
    if (!typed) return;
    const only = filtered.length === 1 ? filtered[0] : undefined;
    if (only && !creatable) toggle(only.value);
    else if (creatable && !values.includes(typed)) onChange([...values, typed]);
    setQuery("");
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild disabled={disabled}>
        <div
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={ariaLabel}
          tabIndex={disabled ? -1 : 0}
          data-testid={testId}
          className={cn(
            "flex min-h-9 w-full cursor-pointer flex-wrap items-center gap-1 rounded-md border border-border bg-surface px-2 py-1 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            disabled && "cursor-not-allowed opacity-60",
            className,
          )}
        >
          {values.length === 0 ? <span className="px-1 text-muted">{placeholder}</span> : null}
          {values.map((v) => (
            <span key={v} className="inline-flex items-center gap-1 rounded bg-surface-muted px-1.5 py-0.5 text-xs">
              {labels.get(v) ?? v}
              <button
                type="button"
                aria-label={`× ${v}`}
                className="rounded text-muted hover:text-foreground"
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(v);
                }}
              >
                <X className="h-3 w-3" />
              </button>
            </span>
          ))}
          <ChevronDown className="ml-auto h-4 w-4 shrink-0 opacity-60" />
        </div>
      </Popover.Trigger>
      <PickerPanel
        search={{
          value: query,
          onChange: (e) => setQuery(e.target.value),
          onKeyDown: onSearchKey,
          placeholder: searchPlaceholder,
          "data-testid": testId ? `${testId}-search` : undefined,
        }}
      >
        <div id={listId} role="listbox" aria-multiselectable className="max-h-64 overflow-y-auto">
          {filtered.map((o) => {
            const selected = values.includes(o.value);
            return (
              <div
                key={o.value}
                role="option"
                aria-selected={selected}
                tabIndex={-1}
                data-testid={testId ? `${testId}-option-${o.value}` : undefined}
                onClick={() => toggle(o.value)}
                className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-surface-muted"
              >
                <Check className={cn("h-3.5 w-3.5", selected ? "opacity-100" : "opacity-0")} />
                {o.label}
              </div>
            );
          })}
        </div>
      </PickerPanel>
    </Popover.Root>
  );
}

function textOf(label: ReactNode): string {
  return typeof label === "string" || typeof label === "number" ? String(label).toLowerCase() : "";
}
