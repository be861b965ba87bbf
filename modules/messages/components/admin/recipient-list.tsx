"use client";

// Who received a message, read or not, and when (edit drawer; 10 per page).
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { DataTable, type Column } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import type { MessageRecipient } from "@/modules/messages/client/admin/api";
import { useMessageRecipients } from "@/modules/messages/client/admin/use-admin-message";
import { formatDateTime } from "@/lib/format-time";
import { RECIPIENT_LIST_PAGE_SIZE } from "@/modules/messages/schemas";

export function RecipientList({ messageId }: { messageId: number }) {
  const t = useTranslations("admin_messages.recipients");
  const [page, setPage] = useState(1);
  const { data, isPending, isFetching, isError } = useMessageRecipients(messageId, page);

  const columns: Column<MessageRecipient>[] = [
    {
      id: "user",
      header: t("user"),
      cell: (r) => (
        <span className="flex flex-col">
          <span className="font-medium">{r.display_name || r.username}</span>
          <span className="text-xs text-muted">
            #{r.user_id} · {r.username}
          </span>
        </span>
      ),
    },
    {
      id: "status",
      header: t("status"),
      cell: (r) =>
        r.read_at ? (
          <Badge tone="success" data-testid="recipient-status">
            {t("read")}
          </Badge>
        ) : (
          <Badge tone="warning" data-testid="recipient-status">
            {t("unread")}
          </Badge>
        ),
    },
    {
      id: "read_at",
      header: t("read_at"),
      cell: (r) => (
        <span className="text-muted tabular-nums" data-testid="recipient-read-at">
          {r.read_at ? formatDateTime(r.read_at) : "—"}
        </span>
      ),
    },
  ];

  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-medium">{t("title")}</h3>
      <DataTable
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(r) => r.user_id}
        loading={isPending || isFetching}
        emptyText={isError ? t("load_failed") : t("empty")}
        data-testid="recipient-list"
      />
      {data && data.total > 0 ? (
        <Pagination
          page={page}
          pageSize={RECIPIENT_LIST_PAGE_SIZE}
          total={data.total}
          onPageChange={setPage}
          data-testid="recipient-list-pagination"
        />
      ) : null}
    </section>
  );
}
