"use client";

// One model from a searchable list (the playground's model selector is searchable).
// Arrow keys move through the filtered list, Enter picks, Escape closes.
import * as Popover from "@radix-ui/react-popover";
import { Check, ChevronDown } from "lucide-react";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { cn } from "@/lib/client/cn";
import { PickerPanel } from "@/components/ui/picker-panel";

export function ModelCombobox({
  value,
  onChange,
  models,
  loading,
  searchPlaceholder,
  emptyText,
  id,
  "data-testid": testId,
}: {
  value: string;
  onChange: (model: string) => void;
  models: readonly string[];
  loading?: boolean;
  searchPlaceholder: string;
  emptyText: string;
  id?: string;
  "data-testid": string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const filtered = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? models.filter((m) => m.toLowerCase().includes(q)) : models;
  }, [models, query]);

  const pick = (model: string) => {
    onChange(model);
    setOpen(false);
    setQuery("");
  };

  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (filtered.length ? (i + step + filtered.length) % filtered.length : 0));
    } else if (e.key === "Enter") {
      e.preventDefault();
      const chosen = filtered[Math.min(active, filtered.length - 1)];
      if (chosen) pick(chosen);
    }
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setQuery("");
        setActive(Math.max(0, models.indexOf(value)));
      }}
    >
      <Popover.Trigger asChild>
        <button
          type="button"
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          data-testid={testId}
          className="inline-flex h-9 w-full items-center justify-between gap-2 rounded-md border border-border bg-surface px-3 text-left text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <span className={cn("truncate", loading && "text-muted")}>{value}</span>
          <ChevronDown className="h-4 w-4 shrink-0 opacity-60" />
        </button>
      </Popover.Trigger>
      <PickerPanel
        search={{
          value: query,
          onChange: (e) => {
            setQuery(e.target.value);
            setActive(0);
          },
          onKeyDown: onKey,
          placeholder: searchPlaceholder,
          "aria-label": searchPlaceholder,
          "data-testid": `${testId}-search`,
        }}
      >
        <div id={listId} role="listbox" className="max-h-64 overflow-y-auto">
          {filtered.length === 0 ? (
            <p className="px-2 py-3 text-center text-sm text-muted" data-testid={`${testId}-empty`}>
              {emptyText}
            </p>
          ) : (
            filtered.map((m, i) => (
              <div
                key={m}
                role="option"
                aria-selected={m === value}
                tabIndex={-1}
                data-testid={`${testId}-option-${m}`}
                onClick={() => pick(m)}
                onMouseEnter={() => setActive(i)}
                className={cn(
                  "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm break-all",
                  i === active ? "bg-surface-muted" : "hover:bg-surface-muted",
                )}
              >
                <Check className={cn("h-3.5 w-3.5 shrink-0", m === value ? "opacity-100" : "opacity-0")} />
                {m}
              </div>
            ))
          )}
        </div>
      </PickerPanel>
    </Popover.Root>
  );
}
