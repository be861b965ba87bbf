"use client";

// /app/tokens: search by name and key, the token table with copy/enable/disable/delete, copy of the
// selected tokens, and the create/edit drawer (spec 2 §2 "Tokens page").
import { Plus, RotateCcw, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { TokenDrawer } from "@/modules/tokens/components/token-drawer";
import { useTokenColumns } from "@/modules/tokens/components/token-columns";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { fetchTokenKey, type TokenItem } from "@/modules/tokens/client/api";
import { useDeleteToken, useSetTokenStatus, useTokens } from "@/modules/tokens/client/hooks";
import { useCopy } from "@/lib/client/use-copy";
import { usePaging } from "@/lib/client/use-page-size";

type DrawerState = { mode: "create" } | { mode: "edit"; id: number } | null;

export function TokensPageClient() {
  const t = useTranslations("tokens");
  const { page, setPage, pageSize, setPageSize } = usePaging("token-page-size");
  const [draft, setDraft] = useState({ keyword: "", token: "" });
  const [search, setSearch] = useState({ keyword: "", token: "" });
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [deleting, setDeleting] = useState<TokenItem | null>(null);
  const { copy, copyDialog } = useCopy();
  const list = useTokens({ page, pageSize, ...search });
  const setStatus = useSetTokenStatus();
  const remove = useDeleteToken();
  const rows = list.data?.items ?? [];

  const copyKeys = async (tokens: TokenItem[]) => {
    const keys = await Promise.all(tokens.map((tk) => fetchTokenKey(tk.id)));
    const text = tokens.length === 1 ? (keys[0] ?? "") : tokens.map((tk, i) => `${tk.name}    ${keys[i]}`).join("\n");
    await copy(text, t("key_copied"));
  };

  const columns = useTokenColumns({
    onCopyKey: (tk) => void copyKeys([tk]),
    onEdit: (tk) => setDrawer({ mode: "edit", id: tk.id }),
    onToggle: (tk) =>
      setStatus.mutate(
        { id: tk.id, status: tk.status === 1 ? 2 : 1 },
        { onSuccess: () => toast.success(tk.status === 1 ? t("disabled") : t("enabled")) },
      ),
    onDelete: setDeleting,
  });

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch({ ...draft });
  };
  const copySelected = () => {
    const chosen = rows.filter((r) => selected.includes(r.id));
    if (chosen.length === 0) return void toast.error(t("select_at_least_one"));
    void copyKeys(chosen);
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submitSearch} className="flex flex-wrap items-center gap-2" data-testid="token-search">
        <Input
          className="w-full sm:w-56"
          placeholder={t("search_name")}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          data-testid="token-search-name"
        />
        <Input
          className="w-full sm:w-56"
          placeholder={t("search_key")}
          value={draft.token}
          onChange={(e) => setDraft({ ...draft, token: e.target.value })}
          data-testid="token-search-key"
        />
        <Button type="submit" variant="outline" data-testid="token-search-submit">
          <Search className="h-4 w-4" />
          {t("search")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({ keyword: "", token: "" });
            setSearch({ keyword: "", token: "" });
            setPage(1);
          }}
        >
          <RotateCcw className="h-4 w-4" />
          {t("reset")}
        </Button>
        <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
          <Button type="button" variant="outline" onClick={copySelected} data-testid="token-copy-selected">
            {t("copy_selected")}
          </Button>
          <Button type="button" onClick={() => setDrawer({ mode: "create" })} data-testid="token-add">
            <Plus className="h-4 w-4" />
            {t("add")}
          </Button>
        </div>
      </form>

      <div>
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          emptyText={t("empty")}
          selection={{ selected, onChange: setSelected }}
          rowClassName={(r) => (r.status !== 1 ? "text-muted" : undefined)}
          data-testid="token-table"
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          data-testid="token-pagination"
        />
      </div>

      <TokenDrawer state={drawer} onClose={() => setDrawer(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("delete_title")}
        description={t("delete_confirm", { name: deleting?.name ?? "" })}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(t("deleted"));
              setSelected((s) => s.filter((k) => k !== deleting.id));
              setDeleting(null);
            },
          })
        }
        data-testid="token-delete-dialog"
      />
      {copyDialog}
    </div>
  );
}
