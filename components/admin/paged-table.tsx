"use client";

// An admin list: the table and its pagination under it (test ids `${id}` and `${id}-pagination`
// by default), fed by usePaging and the list query's total.
import type { ComponentProps } from "react";
import { DataTable } from "@/components/ui/data-table";
import { PagingBar, type Paging } from "@/components/ui/pagination";

export function PagedTable<T>({
  paging,
  total,
  paginationTestId,
  ...table
}: ComponentProps<typeof DataTable<T>> & { paging: Paging; total: number; paginationTestId?: string }) {
  return (
    <div>
      <DataTable {...table} />
      <PagingBar paging={paging} total={total} data-testid={paginationTestId} />
    </div>
  );
}
