"use client";

import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
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
      <label className="flex min-w-0 flex-1 basis-56 flex-col gap-1 text-xs text-muted">
        {t("keyword")}
        <Input
          value={draft.keyword}
          onChange={set("keyword")}
          placeholder={t("keyword_placeholder")}
          maxLength={200}
          data-testid="message-search-keyword"
        />
      </label>
      <label className="flex basis-36 flex-col gap-1 text-xs text-muted max-sm:flex-1">
        {t("start_date")}
        <Input
          type="date"
          value={draft.startDate}
          max={draft.endDate || undefined}
          onChange={set("startDate")}
          data-testid="message-search-start"
        />
      </label>
      <label className="flex basis-36 flex-col gap-1 text-xs text-muted max-sm:flex-1">
        {t("end_date")}
        <Input
          type="date"
          value={draft.endDate}
          min={draft.startDate || undefined}
          onChange={set("endDate")}
          data-testid="message-search-end"
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit" data-testid="message-search-submit">
          <Search className="h-4 w-4" aria-hidden />
          {tc("search")}
        </Button>
        <Button type="button" variant="outline" onClick={reset} data-testid="message-search-reset">
          {tc("reset")}
        </Button>
      </div>
    </form>
  );
}
