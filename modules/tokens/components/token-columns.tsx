"use client";

import { useTranslations } from "next-intl";
import { KeyCell, RowMenu, StatusBadge, useQuotaFormat } from "@/components/admin/row-cells";
import { QuotaAmount } from "@/components/admin/quota-amount";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import type { TokenItem } from "@/modules/tokens/client/api";
import { formatUnixTime } from "@/lib/format-time";
import { TOKEN_STATUS } from "@/lib/constants";

const STATUS_TONE: Record<number, BadgeTone> = { 1: "success", 2: "neutral", 3: "warning", 4: "danger" };

export type TokenRowActions = {
  onCopyKey: (token: TokenItem) => void;
  onEdit: (token: TokenItem) => void;
  onToggle: (token: TokenItem) => void;
  onDelete: (token: TokenItem) => void;
};

export function useTokenColumns(actions: TokenRowActions): Column<TokenItem>[] {
  const t = useTranslations("tokens");
  const quota = useQuotaFormat();
  const statusLabel = (s: number) =>
    s === 1 || s === 2 || s === 3 || s === 4 ? t(`status_${s}`) : t("status_unknown");
  return [
    { id: "name", header: t("col_name"), cell: (r) => <span className="font-medium">{r.name}</span> },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => <StatusBadge status={r.status} tones={STATUS_TONE} label={statusLabel} />,
    },
    { id: "used", header: t("col_used"), cell: (r) => quota(r.used_quota) },
    {
      id: "remain",
      header: t("col_remain"),
      cell: (r) =>
        r.unlimited_quota ? <Badge tone="info">{t("unlimited")}</Badge> : <QuotaAmount quota={r.remain_quota} />,
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
        <KeyCell copyLabel={t("copy_key")} onCopy={() => actions.onCopyKey(r)} copyTestId="token-copy-key">
          <span data-testid="token-key">{r.key}</span>
        </KeyCell>
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
          <RowMenu
            label={t("col_actions")}
            data-testid="token-more"
            items={[
              {
                label: r.status === TOKEN_STATUS.enabled ? t("disable") : t("enable"),
                onSelect: () => actions.onToggle(r),
                testId: "token-toggle",
              },
              { label: t("delete"), onSelect: () => actions.onDelete(r), danger: true, testId: "token-delete" },
            ]}
          />
        </div>
      ),
    },
  ];
}
