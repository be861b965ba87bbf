"use client";

import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/client/cn";

export type Column<T> = { id: string; header: ReactNode; cell: (row: T) => ReactNode; className?: string };
type Key = string | number;

/**
 * The console's list table: loading and empty states, optional row selection (with select-all on
 * the page) and optional expandable rows. Scrolls sideways on narrow screens instead of squashing.
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  selection,
  rowClassName,
  renderExpanded,
  className,
  "data-testid": testId,
}: {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  loading?: boolean;
  emptyText?: ReactNode;
  selection?: { selected: Key[]; onChange: (keys: Key[]) => void };
  rowClassName?: (row: T) => string | undefined;
  renderExpanded?: (row: T) => ReactNode | null;
  className?: string;
  "data-testid"?: string;
}) {
  const t = useTranslations("common");
  const pageKeys = rows.map(rowKey);
  const selected = new Set(selection?.selected ?? []);
  const selectedOnPage = pageKeys.filter((k) => selected.has(k)).length;
  const headerState =
    selectedOnPage === 0 ? false : selectedOnPage === pageKeys.length ? true : ("indeterminate" as const);
  const colSpan = columns.length + (selection ? 1 : 0);

  const togglePage = (on: boolean) => {
    if (!selection) return;
    const rest = selection.selected.filter((k) => !pageKeys.includes(k));
    selection.onChange(on ? [...rest, ...pageKeys] : rest);
  };
  const toggleRow = (key: Key, on: boolean) => {
    if (!selection) return;
    selection.onChange(on ? [...selection.selected, key] : selection.selected.filter((k) => k !== key));
  };

  return (
    <div className={cn("overflow-x-auto rounded-lg border border-border bg-surface", className)} data-testid={testId}>
      <table className="w-full min-w-max border-collapse text-sm" aria-busy={loading || undefined}>
        <thead>
          <tr className="border-b border-border bg-surface-muted/60 text-left text-xs font-medium text-muted">
            {selection ? (
              <th className="w-10 px-3 py-2.5">
                <Checkbox
                  checked={headerState}
                  disabled={rows.length === 0}
                  onCheckedChange={togglePage}
                  aria-label={t("select_page")}
                  data-testid={testId ? `${testId}-select-page` : undefined}
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.id} className={cn("px-3 py-2.5 font-medium whitespace-nowrap", c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading && rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="px-3 py-10 text-center text-muted">
                <span className="inline-flex items-center gap-2">
                  <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" />
                  {t("loading")}
                </span>
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td
                colSpan={colSpan}
                className="px-3 py-10 text-center text-muted"
                data-testid={testId && `${testId}-empty`}
              >
                {emptyText ?? t("empty")}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const expanded = renderExpanded?.(row);
              return (
                <Fragment key={key}>
                  <tr
                    data-testid={testId ? `${testId}-row` : undefined}
                    data-row-key={key}
                    className={cn(
                      "border-b border-border last:border-b-0 hover:bg-surface-muted/40",
                      loading && "opacity-60",
                      rowClassName?.(row),
                    )}
                  >
                    {selection ? (
                      <td className="px-3 py-2">
                        <Checkbox
                          checked={selected.has(key)}
                          onCheckedChange={(on) => toggleRow(key, on)}
                          aria-label={t("select_row")}
                        />
                      </td>
                    ) : null}
                    {columns.map((c) => (
                      <td key={c.id} className={cn("px-3 py-2 align-middle", c.className)}>
                        {c.cell(row)}
                      </td>
                    ))}
                  </tr>
                  {expanded ? (
                    <tr className="border-b border-border bg-surface-muted/30">
                      <td colSpan={colSpan} className="px-4 py-3">
                        {expanded}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
