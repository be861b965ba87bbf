"use client";

// An admin list: the table and its pagination under it (test ids `${id}` and `${id}-pagination`
// by default), fed by usePaging and the list query's total.
import type { ComponentProps } from "react";
import { DataTable } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";

type Paging = {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
};

export function PagedTable<T>({
  paging,
  total,
  paginationTestId,
  ...table
}: ComponentProps<typeof DataTable<T>> & { paging: Paging; total: number; paginationTestId?: string }) {
  return (
    <div>
      <DataTable {...table} />
      <Pagination
        page={paging.page}
        pageSize={paging.pageSize}
        total={total}
        onPageChange={paging.setPage}
        onPageSizeChange={paging.setPageSize}
        data-testid={paginationTestId}
      />
    </div>
  );
}
