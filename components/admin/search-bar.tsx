"use client";

// The search row above an admin table: the entity's inputs, Search and Reset, then the page's
// own buttons pushed to the right. useSearch keeps the typed draft apart from the applied search.
import { useState, type ReactNode } from "react";
import { FilterActions } from "@/components/admin/filter-actions";

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
      <FilterActions
        className="contents"
        outline
        queryLabel={searchLabel}
        resetLabel={resetLabel}
        onReset={onReset}
        queryTestId={`${testId}-submit`}
        resetTestId={resetTestId}
      >
        {actions}
      </FilterActions>
    </form>
  );
}
