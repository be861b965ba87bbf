"use client";

// /admin/users (spec 1 §2 "Manage users"): paged table with search by keyword and group, the
// add-user panel (left), the edit panel (right) and the row actions with their confirmations.
import { Plus, RotateCcw, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { AddUserDrawer } from "@/modules/accounts/components/users/add-user-drawer";
import { EditUserDrawer } from "@/modules/accounts/components/users/edit-user-drawer";
import { useUserColumns } from "@/modules/accounts/components/users/user-columns";
import type { RowAction } from "@/modules/accounts/components/users/user-labels";
import type { AdminUser } from "@/modules/accounts/client/users/api";
import { useGroups, useManageUser, useUsers } from "@/modules/accounts/client/users/hooks";
import { usePaging } from "@/lib/client/use-page-size";

export const USER_PAGE_SIZE_KEY = "user-page-size";

export function UsersPageClient() {
  const t = useTranslations("users");
  const { page, setPage, pageSize, setPageSize } = usePaging(USER_PAGE_SIZE_KEY);
  const [draft, setDraft] = useState({ keyword: "", group: "" });
  const [search, setSearch] = useState({ keyword: "", group: "" });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [pending, setPending] = useState<{ user: AdminUser; action: RowAction } | null>(null);
  const list = useUsers({ page, pageSize, ...search });
  const groups = useGroups();
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

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setSearch({ ...draft });
  };
  const groupOptions = [
    { value: "", label: t("all_groups") },
    ...(groups.data ?? []).map((g) => ({ value: g, label: g })),
  ];

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submitSearch} className="flex flex-wrap items-center gap-2" data-testid="user-search">
        <Input
          className="w-full sm:w-64"
          placeholder={t("search_placeholder")}
          value={draft.keyword}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          data-testid="user-search-keyword"
        />
        <Select
          className="w-full sm:w-44"
          value={draft.group}
          onValueChange={(group) => setDraft({ ...draft, group })}
          options={groupOptions}
          aria-label={t("group")}
          data-testid="user-search-group"
        />
        <Button type="submit" variant="outline" data-testid="user-search-submit">
          <Search className="h-4 w-4" />
          {t("search")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setDraft({ keyword: "", group: "" });
            setSearch({ keyword: "", group: "" });
            setPage(1);
          }}
          data-testid="user-search-reset"
        >
          <RotateCcw className="h-4 w-4" />
          {t("reset")}
        </Button>
        <Button
          type="button"
          className="w-full sm:ml-auto sm:w-auto"
          onClick={() => setAdding(true)}
          data-testid="user-add"
        >
          <Plus className="h-4 w-4" />
          {t("add_user")}
        </Button>
      </form>

      <div>
        <DataTable
          columns={columns}
          rows={list.data?.items ?? []}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          emptyText={list.isError ? t("load_failed") : t("empty")}
          rowClassName={(r) => (r.DeletedAt ? "text-muted" : undefined)}
          data-testid="user-table"
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
          data-testid="user-pagination"
        />
      </div>

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
