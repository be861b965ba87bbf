"use client";

import { Copy, MoreHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { TokenItem } from "@/modules/tokens/client/api";
import { formatQuota } from "@/lib/format";
import { formatUnixTime } from "@/lib/format-time";

const STATUS_TONE: Record<number, BadgeTone> = { 1: "success", 2: "neutral", 3: "warning", 4: "danger" };

export type TokenRowActions = {
  onCopyKey: (token: TokenItem) => void;
  onEdit: (token: TokenItem) => void;
  onToggle: (token: TokenItem) => void;
  onDelete: (token: TokenItem) => void;
};

export function useTokenColumns(actions: TokenRowActions): Column<TokenItem>[] {
  const t = useTranslations("tokens");
  const { status } = useSite();
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  const statusLabel = (s: number) =>
    s === 1 || s === 2 || s === 3 || s === 4 ? t(`status_${s}`) : t("status_unknown");
  return [
    { id: "name", header: t("col_name"), cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => <Badge tone={STATUS_TONE[r.status] ?? "neutral"}>{statusLabel(r.status)}</Badge>,
    },
    { id: "used", header: t("col_used"), cell: (r) => quota(r.used_quota) },
    {
      id: "remain",
      header: t("col_remain"),
      cell: (r) => (r.unlimited_quota ? <Badge tone="info">{t("unlimited")}</Badge> : quota(r.remain_quota)),
    },
    {
      id: "group",
      header: t("col_group"),
      cell: (r) => r.group || <span className="text-muted">{t("default_group")}</span>,
    },
    {
      id: "key",
      header: t("col_key"),
      cell: (r) => (
        <span className="inline-flex items-center gap-1 font-mono text-xs">
          <span data-testid="token-key">{r.key}</span>
          <Button
            variant="ghost"
            size="icon"
            className="h-7 w-7"
            aria-label={t("copy_key")}
            data-testid="token-copy-key"
            onClick={() => actions.onCopyKey(r)}
          >
            <Copy className="h-3.5 w-3.5" />
          </Button>
        </span>
      ),
    },
    { id: "created", header: t("col_created"), cell: (r) => formatUnixTime(r.created_time) },
    {
      id: "expiry",
      header: t("col_expiry"),
      cell: (r) => (r.expired_time === -1 ? t("never") : formatUnixTime(r.expired_time)),
    },
    {
      id: "actions",
      header: t("col_actions"),
      cell: (r) => (
        <div className="flex items-center gap-1">
          <Button variant="outline" size="sm" onClick={() => actions.onEdit(r)} data-testid="token-edit">
            {t("edit")}
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button
                variant="ghost"
                size="icon"
                className="h-8 w-8"
                aria-label={t("col_actions")}
                data-testid="token-more"
              >
                <MoreHorizontal className="h-4 w-4" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuItem onSelect={() => actions.onToggle(r)} data-testid="token-toggle">
                {r.status === 1 ? t("disable") : t("enable")}
              </DropdownMenuItem>
              <DropdownMenuItem className="text-danger" onSelect={() => actions.onDelete(r)} data-testid="token-delete">
                {t("delete")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      ),
    },
  ];
}
