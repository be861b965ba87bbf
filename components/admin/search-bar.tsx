"use client";

// The search row above an admin table: the entity's inputs, Search and Reset, then the page's
// own buttons pushed to the right. useSearch keeps the typed draft apart from the applied search.
import { useTranslations } from "next-intl";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { FilterActions } from "@/components/admin/filter-actions";
import { Input } from "@/components/ui/input";

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
    setField: <K extends keyof T>(key: K, value: T[K]) => setDraft((d) => ({ ...d, [key]: value })),
    applied,
    submit: () => apply(draft),
    reset: () => {
      setDraft(initial);
      apply(initial);
    },
  };
}

export type Search<T> = ReturnType<typeof useSearch<T>>;

/** A text box bound to one text field of the search draft. */
export function SearchField<T extends Record<string, unknown>>({
  search,
  field,
  className = "w-full sm:w-64",
  ...props
}: {
  search: Search<T>;
  field: { [K in keyof T]: T[K] extends string ? K : never }[keyof T];
} & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  return (
    <Input
      className={className}
      value={search.draft[field] as string}
      onChange={(e) => search.setField(field, e.target.value as T[typeof field])}
      {...props}
    />
  );
}

export function SearchBar({
  search,
  "data-testid": testId,
  resetTestId,
  actions,
  children,
}: {
  /** What useSearch returned: Search applies the draft, Reset clears it. */
  search: { submit: () => void; reset: () => void };
  /** The form's test id; the submit button is `${testId}-submit`. */
  "data-testid": string;
  resetTestId?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("common");
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        search.submit();
      }}
      className="flex flex-wrap items-center gap-2"
      data-testid={testId}
    >
      {children}
      <FilterActions
        className="contents"
        outline
        queryLabel={t("query")}
        resetLabel={t("reset")}
        onReset={search.reset}
        queryTestId={`${testId}-submit`}
        resetTestId={resetTestId}
      >
        {actions}
      </FilterActions>
    </form>
  );
}
