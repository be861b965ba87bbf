"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";

export const PAGE_SIZES = [10, 20, 50, 100];

/** Pages are 1-based. Shows the total, previous/next, nearby page numbers and the page-size choice. */
export function Pagination({
  page,
  pageSize,
  total,
  onPageChange,
  onPageSizeChange,
  pageSizes = PAGE_SIZES,
  "data-testid": testId,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  pageSizes?: number[];
  "data-testid"?: string;
}) {
  const t = useTranslations("common");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), pages);
  return (
    <nav
      className="flex flex-wrap items-center justify-end gap-2 pt-3 text-sm"
      aria-label={t("pagination")}
      data-testid={testId}
    >
      <span className="mr-auto text-muted" data-testid={testId ? `${testId}-total` : undefined}>
        {t("total_items", { total })}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
        aria-label={t("previous_page")}
        data-testid={testId ? `${testId}-prev` : undefined}
      >
        <ChevronLeft className="h-4 w-4" />
      </Button>
      {pageNumbers(current, pages).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === current ? "primary" : "outline"}
            size="sm"
            className="min-w-8 px-2"
            aria-current={p === current ? "page" : undefined}
            onClick={() => onPageChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={current >= pages}
        onClick={() => onPageChange(current + 1)}
        aria-label={t("next_page")}
        data-testid={testId ? `${testId}-next` : undefined}
      >
        <ChevronRight className="h-4 w-4" />
      </Button>
      {onPageSizeChange ? (
        <Select
          className="w-28"
          value={String(pageSize)}
          onValueChange={(v) => onPageSizeChange(Number(v))}
          options={pageSizes.map((s) => ({ value: String(s), label: t("per_page", { size: s }) }))}
          aria-label={t("page_size")}
          data-testid={testId ? `${testId}-size` : undefined}
        />
      ) : null}
    </nav>
  );
}

/** 1 … 4 5 6 … 20: first, last and two either side of the current page; null marks a gap. */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** The page state usePaging keeps (lib/client/use-page-size). */
export type Paging = {
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
};

/** Pagination driven by a usePaging state: page and page size both change it. */
export function PagingBar({
  paging,
  total,
  "data-testid": testId,
}: {
  paging: Paging;
  total: number;
  "data-testid"?: string;
}) {
  return (
    <Pagination
      page={paging.page}
      pageSize={paging.pageSize}
      total={total}
      onPageChange={paging.setPage}
      onPageSizeChange={paging.setPageSize}
      data-testid={testId}
    />
  );
}
