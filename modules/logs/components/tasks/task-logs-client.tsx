"use client";

// /app/logs/drawing and /app/logs/tasks. Admins see
// everyone's rows with the channel column and filter; users see only their own.
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSite } from "@/components/providers/site-context";
import { useDetailDialog } from "@/modules/logs/components/tasks/detail-dialog";
import {
  useDrawingColumns,
  useTaskRecordColumns,
  type TaskColumnContext,
} from "@/modules/logs/components/tasks/task-columns";
import {
  draftToFilters,
  initialTaskDraft,
  TaskFilterForm,
  type TaskDraft,
} from "@/modules/logs/components/tasks/task-filter-form";
import { DataTable, type Column } from "@/components/ui/data-table";
import { PagingBar } from "@/components/ui/pagination";
import type { TaskFilters } from "@/modules/logs/client/tasks/api";
import { useDrawingLogs, useTaskLogs } from "@/modules/logs/client/tasks/hooks";
import type { TaskLogKind } from "@/modules/logs/client/tasks/task-display";
import { useCopy } from "@/components/use-copy";
import { usePaging } from "@/lib/client/use-page-size";
import { ROLE } from "@/lib/constants";
import type { PageResult } from "@/lib/schemas/pagination";

type ListProps = {
  admin: boolean;
  filters: TaskFilters;
  paging: ReturnType<typeof usePaging>;
  ctx: TaskColumnContext;
};

export function TaskLogsClient({ kind }: { kind: TaskLogKind }) {
  const t = useTranslations("tasks");
  const { user } = useSite();
  const admin = (user?.role ?? 0) >= ROLE.admin;
  const [draft, setDraft] = useState(() => initialTaskDraft(kind));
  const [filters, setFilters] = useState(() => draftToFilters(draft, kind));
  const paging = usePaging(kind === "drawing" ? "drawing-page-size" : "task-page-size");
  const { copy, copyDialog } = useCopy();
  const details = useDetailDialog((text) => copy(text));
  const ctx: TaskColumnContext = {
    admin,
    copyChannel: (id) => void copy(String(id), t("copied_id", { id })),
    details,
  };

  const apply = (next: TaskDraft) => {
    paging.setPage(1);
    setFilters(draftToFilters(next, kind));
  };
  const props: ListProps = { admin, filters, paging, ctx };
  return (
    <div className="flex flex-col gap-4">
      <TaskFilterForm
        admin={admin}
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        onSubmit={() => apply(draft)}
        onReset={() => {
          const fresh = initialTaskDraft(kind);
          setDraft(fresh);
          apply(fresh);
        }}
      />
      {kind === "drawing" ? <DrawingList {...props} /> : <TaskList {...props} />}
      {details.dialog}
      {copyDialog}
    </div>
  );
}

function DrawingList({ admin, filters, paging, ctx }: ListProps) {
  const query = useDrawingLogs(admin, filters, paging.page, paging.pageSize);
  const columns = useDrawingColumns(ctx);
  return <PagedTable testId="drawing-table" query={query} columns={columns} paging={paging} />;
}

function TaskList({ admin, filters, paging, ctx }: ListProps) {
  const query = useTaskLogs(admin, filters, paging.page, paging.pageSize);
  const columns = useTaskRecordColumns(ctx);
  return <PagedTable testId="task-table" query={query} columns={columns} paging={paging} />;
}

function PagedTable<T extends { id: number }>({
  testId,
  query,
  columns,
  paging,
}: {
  testId: string;
  query: { data?: PageResult<T>; isFetching: boolean; isError: boolean };
  columns: Column<T>[];
  paging: ReturnType<typeof usePaging>;
}) {
  const t = useTranslations("tasks");
  return (
    <div>
      <DataTable
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(r) => r.id}
        loading={query.isFetching}
        emptyText={query.isError ? t("load_failed") : t("empty")}
        data-testid={testId}
      />
      <PagingBar paging={paging} total={query.data?.total ?? 0} data-testid={`${testId}-pagination`} />
    </div>
  );
}
