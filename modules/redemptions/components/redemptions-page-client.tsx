"use client";

// /admin/redemptions: search by id or name, the code table (greyed when
// disabled or a gift is used up), create/edit drawer, enable/disable, delete, batch disable, delete
// disabled, delete by name (count first), copy keys.
import { Ban, Copy, Trash2, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { RedemptionDrawer, type RedemptionDrawerState } from "@/modules/redemptions/components/redemption-drawer";
import { useRedemptionColumns } from "@/modules/redemptions/components/redemption-columns";
import { CreatedKeysDialog } from "@/modules/redemptions/components/created-keys-dialog";
import { DeleteByNameDialog } from "@/modules/redemptions/components/delete-by-name-dialog";
import { PagedTable } from "@/components/admin/paged-table";
import { SearchBar, SearchField, useSearch } from "@/components/admin/search-bar";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { Redemption } from "@/modules/redemptions/client/api";
import { isGreyed } from "@/modules/redemptions/client/redemption-form";
import {
  useBatchDisableRedemptions,
  useRedemptions,
  useDeleteRedemption,
  useDeleteDisabledRedemptions,
  useSetRedemptionStatus,
} from "@/modules/redemptions/client/hooks";
import { useCopy } from "@/components/use-copy";
import { usePaging } from "@/lib/client/use-page-size";
import { AddButton } from "@/components/admin/add-button";
import { REDEMPTION_STATUS } from "@/lib/constants";

type Confirm =
  { kind: "delete"; redemption: Redemption } | { kind: "batch_disable" } | { kind: "delete_disabled" } | null;

export function RedemptionsPageClient() {
  const t = useTranslations("redemptions");
  const paging = usePaging("redemption-page-size");
  const search = useSearch({ keyword: "" }, () => paging.setPage(1));
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [drawer, setDrawer] = useState<RedemptionDrawerState>(null);
  const [createdKeys, setCreatedKeys] = useState<string[] | null>(null);
  const [byName, setByName] = useState(false);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { copy, copyDialog } = useCopy();
  const list = useRedemptions({ page: paging.page, pageSize: paging.pageSize, keyword: search.applied.keyword.trim() });
  const setStatus = useSetRedemptionStatus();
  const remove = useDeleteRedemption();
  const batchDisable = useBatchDisableRedemptions();
  const deleteDisabled = useDeleteDisabledRedemptions();
  const rows = list.data?.items ?? [];

  const columns = useRedemptionColumns({
    onCopy: (c) => void copy(c.key, t("key_copied")),
    onEdit: (c) => setDrawer({ mode: "edit", id: c.id }),
    onToggle: (c) =>
      setStatus.mutate(
        {
          id: c.id,
          status: c.status === REDEMPTION_STATUS.unused ? REDEMPTION_STATUS.disabled : REDEMPTION_STATUS.unused,
        },
        { onSuccess: () => toast.success(c.status === REDEMPTION_STATUS.unused ? t("disabled") : t("enabled")) },
      ),
    onDelete: (redemption) => setConfirm({ kind: "delete", redemption }),
  });

  const requireSelection = () => {
    if (selected.length > 0) return true;
    toast.error(t("select_at_least_one"));
    return false;
  };
  const runConfirm = () => {
    if (!confirm) return;
    const done = (message: string) => {
      toast.success(message);
      setConfirm(null);
    };
    if (confirm.kind === "delete")
      remove.mutate(confirm.redemption.id, {
        onSuccess: () => {
          setSelected((s) => s.filter((k) => k !== confirm.redemption.id));
          done(t("deleted"));
        },
      });
    else if (confirm.kind === "batch_disable")
      batchDisable.mutate(selected.map(Number), { onSuccess: (n) => done(t("disabled_count", { count: n })) });
    else deleteDisabled.mutate(undefined, { onSuccess: (n) => done(t("deleted_count", { count: n })) });
  };

  // The buttons under the search row; copy and disable act on the selected rows.
  const bulkActions: { icon: LucideIcon; label: string; onClick: () => void; testId: string; danger?: boolean }[] = [
    {
      icon: Copy,
      label: t("copy_selected"),
      testId: "redemption-copy-selected",
      onClick: () => {
        if (!requireSelection()) return;
        const keys = rows.filter((r) => selected.includes(r.id)).map((r) => r.key);
        void copy(keys.join("\n"), t("keys_copied", { count: keys.length }));
      },
    },
    {
      icon: Ban,
      label: t("batch_disable"),
      testId: "redemption-batch-disable",
      onClick: () => requireSelection() && setConfirm({ kind: "batch_disable" }),
    },
    { icon: Trash2, label: t("delete_by_name"), testId: "redemption-delete-by-name", onClick: () => setByName(true) },
    {
      icon: Trash2,
      label: t("delete_disabled"),
      testId: "redemption-delete-disabled",
      onClick: () => setConfirm({ kind: "delete_disabled" }),
      danger: true,
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <SearchBar
        search={search}
        data-testid="redemption-search"
        actions={
          <AddButton
            label={t("add")}
            className="w-full sm:ml-auto sm:w-auto"
            onClick={() => setDrawer({ mode: "create" })}
            data-testid="redemption-add"
          />
        }
      >
        <SearchField
          search={search}
          field="keyword"
          placeholder={t("search_placeholder")}
          data-testid="redemption-search-keyword"
        />
      </SearchBar>
      <div className="flex flex-wrap gap-2">
        {bulkActions.map(({ icon: Icon, label, onClick, testId, danger }) => (
          <Button
            key={testId}
            variant="outline"
            size="sm"
            className={danger ? "text-danger" : undefined}
            onClick={onClick}
            data-testid={testId}
          >
            <Icon className="h-4 w-4" />
            {label}
          </Button>
        ))}
      </div>

      <PagedTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        emptyText={list.isError ? t("load_failed") : t("empty")}
        selection={{ selected, onChange: setSelected }}
        rowClassName={(r) => (isGreyed(r) ? "opacity-50" : undefined)}
        data-testid="redemption-table"
        paging={paging}
        total={list.data?.total ?? 0}
        paginationTestId="redemption-pagination"
      />

      <RedemptionDrawer state={drawer} onClose={() => setDrawer(null)} onCreated={setCreatedKeys} />
      <CreatedKeysDialog
        keys={createdKeys}
        onClose={() => setCreatedKeys(null)}
        onCopy={(text) => void copy(text, t("keys_copied", { count: createdKeys?.length ?? 0 }))}
      />
      <DeleteByNameDialog open={byName} onClose={() => setByName(false)} />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(o) => !o && setConfirm(null)}
        title={confirm ? t(`confirm_${confirm.kind}_title`) : ""}
        description={
          confirm?.kind === "delete"
            ? t("confirm_delete", { name: confirm.redemption.name, id: confirm.redemption.id })
            : confirm?.kind === "batch_disable"
              ? t("confirm_batch_disable", { count: selected.length })
              : t("confirm_delete_disabled")
        }
        danger
        loading={remove.isPending || batchDisable.isPending || deleteDisabled.isPending}
        onConfirm={runConfirm}
        data-testid="redemption-confirm"
      />
      {copyDialog}
    </div>
  );
}
