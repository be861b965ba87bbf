"use client";

// The search row above an admin table: the entity's inputs, Search and Reset, then the page's
// own buttons pushed to the right. useSearch keeps the typed draft apart from the applied search.
import { RotateCcw, Search } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

export function useSearch<T>(initial: T, onApply: () => void) {
  const [draft, setDraft] = useState(initial);
  const [applied, setApplied] = useState(initial);
  const apply = (next: T) => {
    setApplied(next);
    onApply();
  };
  return {
    draft,
    setDraft,
    applied,
    submit: () => apply(draft),
    reset: () => {
      setDraft(initial);
      apply(initial);
    },
  };
}

export function SearchBar({
  onSubmit,
  onReset,
  searchLabel,
  resetLabel,
  "data-testid": testId,
  resetTestId,
  actions,
  children,
}: {
  onSubmit: () => void;
  onReset: () => void;
  searchLabel: ReactNode;
  resetLabel: ReactNode;
  /** The form's test id; the submit button is `${testId}-submit`. */
  "data-testid": string;
  resetTestId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      className="flex flex-wrap items-center gap-2"
      data-testid={testId}
    >
      {children}
      <Button type="submit" variant="outline" data-testid={`${testId}-submit`}>
        <Search className="h-4 w-4" />
        {searchLabel}
      </Button>
      <Button type="button" variant="ghost" onClick={onReset} data-testid={resetTestId}>
        <RotateCcw className="h-4 w-4" />
        {resetLabel}
      </Button>
      {actions}
    </form>
  );
}
