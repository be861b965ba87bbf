"use client";

// /admin/messages: search form, table (ID, title, format, recipients,
// created time, edit, delete with confirmation), create drawer and edit drawer.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { CreateMessageDrawer } from "@/modules/messages/components/admin/create-message-drawer";
import { EditMessageDrawer } from "@/modules/messages/components/admin/edit-message-drawer";
import { MessageSearchForm } from "@/modules/messages/components/admin/message-search-form";
import { FormatBadge } from "@/modules/messages/components/inbox/format-badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type Column } from "@/components/ui/data-table";
import { PagingBar } from "@/components/ui/pagination";
import { EMPTY_FILTERS, hasFilters, type AdminMessage, type MessageFilters } from "@/modules/messages/client/admin/api";
import { useAdminMessages } from "@/modules/messages/client/admin/use-admin-messages";
import { useDeleteMessage } from "@/modules/messages/client/admin/use-message-mutations";
import { usePaging } from "@/lib/client/use-page-size";
import { formatDateTime } from "@/lib/format-time";

export function AdminMessagesPanel() {
  const t = useTranslations("admin_messages");
  const tc = useTranslations("common");
  const [filters, setFilters] = useState<MessageFilters>(EMPTY_FILTERS);
  const paging = usePaging("admin-messages-page-size", 10);
  const { page, setPage, pageSize } = paging;
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AdminMessage | null>(null);
  const { data, isPending, isFetching } = useAdminMessages(filters, page, pageSize);
  const remove = useDeleteMessage();

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: (message) => {
        toast.success(message || t("delete.success"));
        setDeleting(null);
        // the last row of a later page: step back so the table is not left empty
        if (data && data.items.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  const columns: Column<AdminMessage>[] = [
    { id: "id", header: t("table.id"), cell: (m) => <span className="text-muted tabular-nums">{m.id}</span> },
    {
      id: "title",
      header: t("table.title"),
      cell: (m) => (
        <span
          className="block max-w-[16rem] truncate font-medium sm:max-w-md"
          title={m.title}
          data-testid="message-title"
        >
          {m.title}
        </span>
      ),
    },
    { id: "format", header: t("table.format"), cell: (m) => <FormatBadge format={m.format} /> },
    {
      id: "recipients",
      header: t("table.recipients"),
      cell: (m) => (
        <span className="tabular-nums" data-testid="message-recipient-count">
          {m.stats.total_recipients}
        </span>
      ),
    },
    {
      id: "created",
      header: t("table.created_at"),
      cell: (m) => <span className="text-muted tabular-nums">{formatDateTime(m.created_at)}</span>,
    },
    {
      id: "actions",
      header: tc("actions"),
      className: "text-right",
      cell: (m) => (
        <span className="inline-flex gap-1">
          <Button variant="outline" size="sm" onClick={() => setEditingId(m.id)} data-testid="message-edit">
            <Pencil className="h-3.5 w-3.5" aria-hidden />
            {tc("edit")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-danger"
            onClick={() => setDeleting(m)}
            data-testid="message-delete"
          >
            <Trash2 className="h-3.5 w-3.5" aria-hidden />
            {tc("delete")}
          </Button>
        </span>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 flex-1">
          <MessageSearchForm
            onSearch={(next) => {
              setFilters(next);
              setPage(1);
            }}
          />
        </div>
        <Button onClick={() => setCreating(true)} data-testid="message-create" className="self-start lg:self-end">
          <Plus className="h-4 w-4" aria-hidden />
          {t("create.open")}
        </Button>
      </div>
      <div>
        <DataTable
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(m) => m.id}
          loading={isPending || isFetching}
          emptyText={hasFilters(filters) ? t("table.no_match") : t("table.empty")}
          data-testid="message-table"
        />
        <PagingBar paging={paging} total={data?.total ?? 0} data-testid="message-pagination" />
      </div>
      <CreateMessageDrawer open={creating} onOpenChange={setCreating} />
      <EditMessageDrawer id={editingId} onClose={() => setEditingId(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("delete.title")}
        description={deleting ? t("delete.description", { title: deleting.title }) : undefined}
        confirmLabel={tc("delete")}
        danger
        loading={remove.isPending}
        onConfirm={confirmDelete}
        data-testid="message-delete-dialog"
      />
    </div>
  );
}
