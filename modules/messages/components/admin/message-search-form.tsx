"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FilterActions, FilterField } from "@/components/admin/filter-actions";
import { Input } from "@/components/ui/input";
import { EMPTY_FILTERS, type MessageFilters } from "@/modules/messages/client/admin/api";

/** Keyword (title or content) and created-date range; applied on submit. */
export function MessageSearchForm({ onSearch }: { onSearch: (filters: MessageFilters) => void }) {
  const t = useTranslations("admin_messages.search");
  const tc = useTranslations("common");
  const [draft, setDraft] = useState<MessageFilters>(EMPTY_FILTERS);
  const set = (field: keyof MessageFilters) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const reset = () => {
    setDraft(EMPTY_FILTERS);
    onSearch(EMPTY_FILTERS);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" data-testid="message-search">
      <FilterField label={t("keyword")} className="min-w-0 flex-1 basis-56">
        <Input
          value={draft.keyword}
          onChange={set("keyword")}
          placeholder={t("keyword_placeholder")}
          maxLength={200}
          data-testid="message-search-keyword"
        />
      </FilterField>
      {(["start", "end"] as const).map((edge) => (
        <FilterField key={edge} label={t(`${edge}_date`)} className="basis-36 max-sm:flex-1">
          <Input
            type="date"
            value={draft[`${edge}Date`]}
            min={edge === "end" ? draft.startDate || undefined : undefined}
            max={edge === "start" ? draft.endDate || undefined : undefined}
            onChange={set(`${edge}Date`)}
            data-testid={`message-search-${edge}`}
          />
        </FilterField>
      ))}
      <FilterActions
        queryLabel={tc("search")}
        resetLabel={tc("reset")}
        onReset={reset}
        queryTestId="message-search-submit"
        resetTestId="message-search-reset"
      />
    </form>
  );
}
