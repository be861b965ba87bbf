"use client";

// The buttons under (or beside) a filter form: Query/Search submits, Reset restores the defaults;
// a page may add its own buttons after them. FilterField is a small caption above one filter.
import { RotateCcw, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/client/cn";

export function FilterActions({
  queryLabel,
  resetLabel,
  onReset,
  loading,
  outline,
  queryTestId,
  resetTestId,
  className,
  children,
}: {
  queryLabel: ReactNode;
  resetLabel: ReactNode;
  onReset: () => void;
  loading?: boolean;
  /** The quieter look of a search row above a table. */
  outline?: boolean;
  queryTestId?: string;
  resetTestId?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex flex-wrap gap-2", className)}>
      <Button type="submit" variant={outline ? "outline" : "primary"} loading={loading} data-testid={queryTestId}>
        <Search className="h-4 w-4" aria-hidden />
        {queryLabel}
      </Button>
      <Button type="button" variant="ghost" onClick={onReset} data-testid={resetTestId}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        {resetLabel}
      </Button>
      {children}
    </div>
  );
}

export function FilterField({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn("flex flex-col gap-1 text-xs text-muted", className)}>
      {label}
      {children}
    </label>
  );
}
