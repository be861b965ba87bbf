"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { IdCell, KeyCell, RowMenu, StatusBadge, useQuotaFormat } from "@/components/admin/row-cells";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import type { Redemption } from "@/modules/redemptions/client/api";
import { formatUnixTime } from "@/lib/format-time";
import { REDEMPTION_STATUS } from "@/lib/constants";

const STATUS_TONE: Record<number, BadgeTone> = { 1: "success", 2: "neutral", 3: "warning" };

export type RedemptionRowActions = {
  onCopy: (c: Redemption) => void;
  onEdit: (c: Redemption) => void;
  onToggle: (c: Redemption) => void;
  onDelete: (c: Redemption) => void;
};

/** A still-unused code outside its validity window is shown as such (it cannot be redeemed). */
function windowState(c: Redemption, now: number): "expired" | "pending" | null {
  if (c.status !== REDEMPTION_STATUS.unused) return null;
  if (c.valid_until > 0 && now >= c.valid_until) return "expired";
  if (c.valid_from > 0 && now < c.valid_from) return "pending";
  return null;
}

export function useRedemptionColumns(actions: RedemptionRowActions): Column<Redemption>[] {
  const t = useTranslations("redemptions");
  const quota = useQuotaFormat();
  // the time the page was opened: enough to flag codes outside their validity window
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  return [
    { id: "id", header: t("col_id"), cell: (r) => <IdCell id={r.id} /> },
    {
      id: "name",
      header: t("col_name"),
      cell: (r) => (
        <span className="inline-flex items-center gap-1.5 font-medium">
          {r.name}
          {r.is_gift ? <Badge tone="info">{t("gift")}</Badge> : null}
        </span>
      ),
    },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => {
        const w = windowState(r, now);
        return (
          <span className="inline-flex gap-1" data-testid="redemption-status" data-status={r.status}>
            <StatusBadge
              status={r.status}
              tones={STATUS_TONE}
              label={(s) => (s === 1 || s === 2 || s === 3 ? t(`status_${s}`) : t("status_unknown"))}
            />
            {w ? <Badge tone="danger">{t(`window_${w}`)}</Badge> : null}
          </span>
        );
      },
    },
    { id: "quota", header: t("col_quota"), cell: (r) => quota(r.quota) },
    {
      id: "uses",
      header: t("col_uses"),
      cell: (r) => (
        <span data-testid="redemption-uses">
          {r.used_count} / {r.max_uses === -1 ? t("unlimited") : r.max_uses}
        </span>
      ),
    },
    {
      id: "key",
      header: t("col_key"),
      cell: (r) => (
        <KeyCell copyLabel={t("copy_key")} onCopy={() => actions.onCopy(r)} copyTestId="redemption-copy">
          {r.key}
        </KeyCell>
      ),
    },
    {
      id: "window",
      header: t("col_window"),
      cell: (r) =>
        r.valid_from || r.valid_until ? (
          <span className="flex flex-col text-xs leading-5">
            <span>{r.valid_from ? formatUnixTime(r.valid_from) : t("no_start")}</span>
            <span>{r.valid_until ? formatUnixTime(r.valid_until) : t("no_end")}</span>
          </span>
        ) : (
          <span className="text-muted">{t("always_valid")}</span>
        ),
    },
    { id: "created", header: t("col_created"), cell: (r) => formatUnixTime(r.created_time) },
    {
      id: "redeemed",
      header: t("col_redeemed"),
      cell: (r) =>
        r.redeemed_time ? (
          <span className="flex flex-col text-xs leading-5">
            <span>{formatUnixTime(r.redeemed_time)}</span>
            <span className="text-muted">{t("by_user", { id: r.used_user_id })}</span>
          </span>
        ) : (
          <span className="text-muted">-</span>
        ),
    },
    {
      id: "actions",
      header: t("col_actions"),
      cell: (r) => (
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="sm"
            disabled={r.status !== REDEMPTION_STATUS.unused}
            title={r.status !== REDEMPTION_STATUS.unused ? t("edit_unused_only") : undefined}
            onClick={() => actions.onEdit(r)}
            data-testid="redemption-edit"
          >
            {t("edit")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            className={r.status === REDEMPTION_STATUS.unused ? "text-danger" : undefined}
            disabled={r.status === REDEMPTION_STATUS.used}
            onClick={() => actions.onToggle(r)}
            data-testid="redemption-toggle"
          >
            {r.status === REDEMPTION_STATUS.unused ? t("disable") : t("enable")}
          </Button>
          <RowMenu
            label={t("col_actions")}
            data-testid="redemption-more"
            items={[
              { label: t("delete"), onSelect: () => actions.onDelete(r), danger: true, testId: "redemption-delete" },
            ]}
          />
        </div>
      ),
    },
  ];
}
