"use client";

// /app/tokens: search by name and key, the token table with copy/enable/disable/delete, copy of the
// selected tokens, and the create/edit drawer.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { TokenDrawer } from "@/modules/tokens/components/token-drawer";
import { useTokenColumns } from "@/modules/tokens/components/token-columns";
import type { EntityDrawerState } from "@/components/admin/entity-drawer";
import { PagedTable } from "@/components/admin/paged-table";
import { SearchBar, SearchField, useSearch } from "@/components/admin/search-bar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { fetchTokenKey, type TokenItem } from "@/modules/tokens/client/api";
import { useDeleteToken, useSetTokenStatus, useTokens } from "@/modules/tokens/client/hooks";
import { useCopy } from "@/components/use-copy";
import { usePaging } from "@/lib/client/use-page-size";
import { AddButton } from "@/components/admin/add-button";
import { TOKEN_STATUS } from "@/lib/constants";

export function TokensPageClient() {
  const t = useTranslations("tokens");
  const paging = usePaging("token-page-size");
  const { page, pageSize } = paging;
  const search = useSearch({ keyword: "", token: "" }, () => paging.setPage(1));
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [drawer, setDrawer] = useState<EntityDrawerState>(null);
  const [deleting, setDeleting] = useState<TokenItem | null>(null);
  const { copy, copyDialog } = useCopy();
  const list = useTokens({ page, pageSize, ...search.applied });
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
        { id: tk.id, status: tk.status === TOKEN_STATUS.enabled ? TOKEN_STATUS.disabled : TOKEN_STATUS.enabled },
        { onSuccess: () => toast.success(tk.status === TOKEN_STATUS.enabled ? t("disabled") : t("enabled")) },
      ),
    onDelete: setDeleting,
  });

  const copySelected = () => {
    const chosen = rows.filter((r) => selected.includes(r.id));
    if (chosen.length === 0) return void toast.error(t("select_at_least_one"));
    void copyKeys(chosen);
  };

  return (
    <div className="flex flex-col gap-4">
      <SearchBar
        search={search}
        data-testid="token-search"
        actions={
          <div className="flex w-full gap-2 sm:ml-auto sm:w-auto">
            <Button type="button" variant="outline" onClick={copySelected} data-testid="token-copy-selected">
              {t("copy_selected")}
            </Button>
            <AddButton label={t("add")} onClick={() => setDrawer({ mode: "create" })} data-testid="token-add" />
          </div>
        }
      >
        <SearchField
          search={search}
          field="keyword"
          className="w-full sm:w-56"
          placeholder={t("search_name")}
          data-testid="token-search-name"
        />
        <SearchField
          search={search}
          field="token"
          className="w-full sm:w-56"
          placeholder={t("search_key")}
          data-testid="token-search-key"
        />
      </SearchBar>

      <PagedTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        emptyText={t("empty")}
        selection={{ selected, onChange: setSelected }}
        rowClassName={(r) => (r.status !== TOKEN_STATUS.enabled ? "text-muted" : undefined)}
        data-testid="token-table"
        paging={paging}
        total={list.data?.total ?? 0}
        paginationTestId="token-pagination"
      />

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
