"use client";

// /admin/users: paged table with search by keyword and group, the
// add-user panel (left), the edit panel (right) and the row actions with their confirmations.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { PagedTable } from "@/components/admin/paged-table";
import { SearchBar, SearchField, useSearch } from "@/components/admin/search-bar";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Select } from "@/components/ui/select";
import { AddUserDrawer } from "@/modules/users/components/add-user-drawer";
import { EditUserDrawer } from "@/modules/users/components/edit-user-drawer";
import { useUserColumns } from "@/modules/users/components/user-columns";
import type { RowAction } from "@/modules/users/components/user-labels";
import type { AdminUser } from "@/modules/users/client/api";
import { useGroupNames } from "@/modules/channels/client";
import { useManageUser, useUsers } from "@/modules/users/client/hooks";
import { usePaging } from "@/lib/client/use-page-size";
import { AddButton } from "@/components/admin/add-button";
import { TwoFactorAdoption } from "@/modules/security/client";

export const USER_PAGE_SIZE_KEY = "user-page-size";

export function UsersPageClient() {
  const t = useTranslations("users");
  const paging = usePaging(USER_PAGE_SIZE_KEY);
  const search = useSearch({ keyword: "", group: "" }, () => paging.setPage(1));
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [pending, setPending] = useState<{ user: AdminUser; action: RowAction } | null>(null);
  const list = useUsers({ page: paging.page, pageSize: paging.pageSize, ...search.applied });
  const groups = useGroupNames();
  const manage = useManageUser();

  const run = (user: AdminUser, action: RowAction) =>
    manage.mutate(
      { id: user.id, action },
      {
        onSuccess: (res) => {
          toast.success(res.message || t("done"));
          setPending(null);
        },
      },
    );
  const columns = useUserColumns({
    onEdit: (u) => setEditing(u.id),
    // enabling is harmless; everything else asks first
    onAction: (user, action) => (action === "enable" ? run(user, action) : setPending({ user, action })),
  });

  const groupOptions = [
    { value: "", label: t("all_groups") },
    ...(groups.data ?? []).map((g) => ({ value: g, label: g })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <SearchBar
        search={search}
        data-testid="user-search"
        resetTestId="user-search-reset"
        actions={
          <AddButton
            label={t("add_user")}
            className="w-full sm:ml-auto sm:w-auto"
            onClick={() => setAdding(true)}
            data-testid="user-add"
          />
        }
      >
        <SearchField
          search={search}
          field="keyword"
          placeholder={t("search_placeholder")}
          data-testid="user-search-keyword"
        />
        <Select
          className="w-full sm:w-44"
          value={search.draft.group}
          onValueChange={(group) => search.setField("group", group)}
          options={groupOptions}
          aria-label={t("group")}
          data-testid="user-search-group"
        />
      </SearchBar>

      <TwoFactorAdoption />
      <PagedTable
        columns={columns}
        rows={list.data?.items ?? []}
        rowKey={(r) => r.id}
        loading={list.isFetching}
        emptyText={list.isError ? t("load_failed") : t("empty")}
        rowClassName={(r) => (r.DeletedAt ? "text-muted" : undefined)}
        data-testid="user-table"
        paging={paging}
        total={list.data?.total ?? 0}
        paginationTestId="user-pagination"
      />

      <AddUserDrawer open={adding} onClose={() => setAdding(false)} />
      <EditUserDrawer id={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending ? t(`confirm_${pending.action}_title`) : ""}
        description={pending ? t(`confirm_${pending.action}`, { name: pending.user.username }) : ""}
        danger={pending?.action === "delete" || pending?.action === "disable"}
        loading={manage.isPending}
        onConfirm={() => pending && run(pending.user, pending.action)}
        data-testid="user-confirm"
      />
    </div>
  );
}
