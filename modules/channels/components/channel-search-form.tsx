"use client";

// The channel search form: keyword, model, group, and multi-selects for type, status and tag.
import { RotateCcw, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useTypeName } from "@/modules/channels/components/channel-cells";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { MultiSelect } from "@/components/ui/multi-select";
import { Select } from "@/components/ui/select";
import { CHANNEL_TYPES } from "@/lib/channel-types";
import type { ChannelSearch } from "@/modules/channels/client/api";
import { useChannelTags, useGroupNames } from "@/modules/channels/client/hooks";

export type { ChannelSearch };

export const EMPTY_SEARCH: ChannelSearch = { keyword: "", model: "", group: "", types: [], statuses: [], tags: [] };

export function ChannelSearchForm({
  onSearch,
  typeCounts,
}: {
  onSearch: (s: ChannelSearch) => void;
  typeCounts: Record<string, number>;
}) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  const typeName = useTypeName();
  const groups = useGroupNames();
  const tags = useChannelTags();
  const [draft, setDraft] = useState<ChannelSearch>(EMPTY_SEARCH);
  const set = (patch: Partial<ChannelSearch>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft);
  };
  const typeOptions = CHANNEL_TYPES.map((ct) => ({
    value: String(ct.id),
    label: typeCounts[ct.id] ? `${typeName(ct.id)} (${typeCounts[ct.id]})` : typeName(ct.id),
  }));

  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="channel-search"
    >
      <Input
        placeholder={t("search_keyword")}
        aria-label={t("search_keyword")}
        value={draft.keyword}
        onChange={(e) => set({ keyword: e.target.value })}
        data-testid="channel-search-keyword"
      />
      <Input
        placeholder={t("search_model")}
        aria-label={t("search_model")}
        value={draft.model}
        onChange={(e) => set({ model: e.target.value })}
        data-testid="channel-search-model"
      />
      <Select
        value={draft.group}
        onValueChange={(group) => set({ group })}
        options={[{ value: "", label: t("all_groups") }, ...(groups.data ?? []).map((g) => ({ value: g, label: g }))]}
        aria-label={t("search_group")}
        data-testid="channel-search-group"
      />
      <MultiSelect
        values={draft.types.map(String)}
        onChange={(v) => set({ types: v.map(Number) })}
        options={typeOptions}
        placeholder={t("search_types")}
        aria-label={t("search_types")}
        data-testid="channel-search-types"
      />
      <MultiSelect
        values={draft.statuses.map(String)}
        onChange={(v) => set({ statuses: v.map(Number) })}
        options={([1, 2, 3] as const).map((s) => ({ value: String(s), label: t(`status_${s}`) }))}
        placeholder={t("search_statuses")}
        aria-label={t("search_statuses")}
        data-testid="channel-search-statuses"
      />
      <MultiSelect
        values={draft.tags}
        onChange={(v) => set({ tags: v })}
        options={(tags.data ?? []).map((tag) => ({ value: tag, label: tag }))}
        placeholder={t("search_tags")}
        aria-label={t("search_tags")}
        data-testid="channel-search-tags"
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" variant="outline" data-testid="channel-search-submit">
          <Search className="h-4 w-4" />
          {tc("search")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft(EMPTY_SEARCH);
            onSearch(EMPTY_SEARCH);
          }}
          data-testid="channel-search-reset"
        >
          <RotateCcw className="h-4 w-4" />
          {tc("reset")}
        </Button>
      </div>
    </form>
  );
}
