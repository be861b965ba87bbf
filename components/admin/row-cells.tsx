"use client";

// Cells the admin tables share: the row's "more" menu, a key with its copy button, a muted id, a
// status badge picked from a tone table, and quota shown the way the site is set to show it.
import { Copy, MoreHorizontal } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { useSite } from "@/components/providers/site-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { formatQuota } from "@/lib/format";

export type RowMenuItem = {
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
  separatorBefore?: boolean;
  testId?: string;
};

export function RowMenu({
  label,
  items,
  "data-testid": testId,
}: {
  label: string;
  items: RowMenuItem[];
  "data-testid"?: string;
}) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label={label} data-testid={testId}>
          <MoreHorizontal className="h-4 w-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((item, i) => (
          <Fragment key={i}>
            {item.separatorBefore ? <DropdownMenuSeparator /> : null}
            <DropdownMenuItem
              className={item.danger ? "text-danger" : undefined}
              onSelect={item.onSelect}
              data-testid={item.testId}
            >
              {item.label}
            </DropdownMenuItem>
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function KeyCell({
  children,
  copyLabel,
  onCopy,
  copyTestId,
}: {
  children: ReactNode;
  copyLabel: string;
  onCopy: () => void;
  copyTestId: string;
}) {
  return (
    <span className="inline-flex items-center gap-1 font-mono text-xs">
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="h-7 w-7"
        aria-label={copyLabel}
        onClick={onCopy}
        data-testid={copyTestId}
      >
        <Copy className="h-3.5 w-3.5" />
      </Button>
    </span>
  );
}

export const IdCell = ({ id }: { id: number }) => <span className="text-muted">{id}</span>;

/** A status badge: the tone from `tones` (neutral when unknown), the text from `label`. */
export function StatusBadge({
  status,
  tones,
  label,
  ...rest
}: {
  status: number;
  tones: Record<number, BadgeTone>;
  label: (status: number) => ReactNode;
  "data-testid"?: string;
}) {
  return (
    <Badge tone={tones[status] ?? "neutral"} {...rest}>
      {label(status)}
    </Badge>
  );
}

/** Quota as the site shows it (currency or raw units). */
export function useQuotaFormat() {
  const { status } = useSite();
  return (q: number) => formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
}
