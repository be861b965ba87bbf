"use client";

// The drop-down of a searchable picker (MultiSelect, the playground's model combobox): a panel as wide
// as its trigger, a search box that takes focus, then the caller's option list.
import * as Popover from "@radix-ui/react-popover";
import type { InputHTMLAttributes, ReactNode } from "react";

export function PickerPanel({
  search,
  children,
}: {
  search: InputHTMLAttributes<HTMLInputElement> & { "data-testid"?: string };
  children: ReactNode;
}) {
  return (
    <Popover.Portal>
      <Popover.Content
        align="start"
        sideOffset={4}
        className="z-[60] w-[var(--radix-popover-trigger-width)] min-w-56 rounded-md border border-border bg-surface p-1 shadow-lg"
      >
        <input
          autoFocus
          {...search}
          className="mb-1 h-8 w-full rounded border border-border bg-surface px-2 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        />
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}
