"use client";

// Chooses who receives a new message: search users (GET /api/user/search), tick rows or the whole
// page (20 per page); choices persist across pages and searches and are listed as chips.
import { Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import type { RecipientCandidate } from "@/modules/messages/client/admin/api";
import { useRecipientCandidates } from "@/modules/messages/client/admin/use-recipient-candidates";
import { RECIPIENT_PICKER_PAGE_SIZE } from "@/modules/messages/schemas";
import { ErrorText } from "@/components/ui/error-text";

export type PickedUser = { id: number; label: string };

export function RecipientPicker({
  picked,
  onChange,
  error,
}: {
  picked: PickedUser[];
  onChange: (picked: PickedUser[]) => void;
  error?: string;
}) {
  const t = useTranslations("admin_messages.picker");
  const [draftKeyword, setDraftKeyword] = useState("");
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching } = useRecipientCandidates(keyword, page, true);
  // deleted (cancelled) accounts cannot receive messages, so they are not offered
  const rows = (data?.items ?? []).filter((u) => !u.DeletedAt);

  // not a <form>: the picker sits inside the create form, and forms cannot nest
  const search = () => {
    setKeyword(draftKeyword);
    setPage(1);
  };

  const onSelection = (keys: (string | number)[]) => {
    const known = new Map(picked.map((p) => [p.id, p]));
    for (const u of rows) known.set(u.id, { id: u.id, label: u.display_name || u.username });
    onChange(keys.map((k) => known.get(Number(k))).filter((p): p is PickedUser => !!p));
  };

  const columns: Column<RecipientCandidate>[] = [
    { id: "id", header: t("id"), cell: (u) => <span className="text-muted tabular-nums">{u.id}</span> },
    { id: "username", header: t("username"), cell: (u) => <span className="font-medium">{u.username}</span> },
    { id: "display_name", header: t("display_name"), cell: (u) => u.display_name || "—" },
  ];

  return (
    <div className="flex flex-col gap-2" data-testid="recipient-picker">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-sm font-medium">{t("label")}</span>
        <span className="text-xs text-muted" data-testid="recipient-picker-count">
          {t("selected", { count: picked.length })}
        </span>
      </div>
      <div className="flex gap-2" role="search">
        <Input
          value={draftKeyword}
          onChange={(e) => setDraftKeyword(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault(); // Enter searches users instead of sending the message
            search();
          }}
          placeholder={t("search_placeholder")}
          maxLength={100}
          data-testid="recipient-picker-search"
        />
        <Button
          type="button"
          variant="outline"
          onClick={search}
          data-testid="recipient-picker-search-submit"
          aria-label={t("search")}
        >
          <Search className="h-4 w-4" aria-hidden />
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(u) => u.id}
        loading={isPending || isFetching}
        emptyText={t("empty")}
        selection={{ selected: picked.map((p) => p.id), onChange: onSelection }}
        data-testid="recipient-picker-table"
      />
      {data && data.total > RECIPIENT_PICKER_PAGE_SIZE ? (
        <Pagination
          page={page}
          pageSize={RECIPIENT_PICKER_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          data-testid="recipient-picker-pagination"
        />
      ) : null}
      {picked.length ? (
        <div className="flex flex-wrap items-center gap-1.5" data-testid="recipient-picker-chips">
          {picked.map((p) => (
            <span
              key={p.id}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-surface-muted py-0.5 pr-1 pl-2 text-xs"
            >
              {p.label}
              <button
                type="button"
                className="rounded-full p-0.5 text-muted hover:bg-border hover:text-foreground"
                aria-label={t("remove", { name: p.label })}
                onClick={() => onChange(picked.filter((x) => x.id !== p.id))}
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
            </span>
          ))}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => onChange([])}
            data-testid="recipient-picker-clear"
          >
            {t("clear")}
          </Button>
        </div>
      ) : null}
      <ErrorText size="xs" data-testid="recipient-picker-error">
        {error}
      </ErrorText>
    </div>
  );
}
