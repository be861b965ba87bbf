"use client";

import { useTranslations } from "next-intl";
import { IdCell, RowMenu, useQuotaFormat } from "@/components/admin/row-cells";
import { QuotaAmount } from "@/components/admin/quota-amount";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import {
  canManageUser,
  roleLabel,
  rowActions,
  statusLabel,
  type RowAction,
} from "@/modules/users/components/user-labels";
import type { AdminUser } from "@/modules/users/client/api";
import { USER_STATUS } from "@/lib/constants";

export type UserRowHandlers = {
  onEdit: (user: AdminUser) => void;
  onAction: (user: AdminUser, action: RowAction) => void;
};

export function useUserColumns({ onEdit, onAction }: UserRowHandlers): Column<AdminUser>[] {
  const t = useTranslations("users");
  const { user: me } = useSite();
  const quota = useQuotaFormat();
  const badge = (l: ReturnType<typeof roleLabel> | ReturnType<typeof statusLabel>, testId: string) => (
    <Badge tone={l.tone} data-testid={testId}>
      {t(l.key)}
    </Badge>
  );
  return [
    { id: "id", header: t("col_id"), cell: (r) => <IdCell id={r.id} /> },
    {
      id: "user",
      header: t("col_username"),
      cell: (r) => (
        <div className="flex flex-col" data-testid="user-cell">
          <span className="font-medium">{r.username}</span>
          {r.display_name && r.display_name !== r.username ? (
            <span className="text-xs text-muted">{r.display_name}</span>
          ) : null}
        </div>
      ),
    },
    { id: "group", header: t("col_group"), cell: (r) => <Badge>{r.group}</Badge> },
    {
      id: "quota",
      header: t("col_quota"),
      cell: (r) => (
        <div className="flex flex-col text-xs leading-5">
          <span>
            <span className="text-muted">{t("balance")}</span> <QuotaAmount quota={r.quota} testId="user-balance" />
          </span>
          <span>
            <span className="text-muted">{t("used")}</span> {quota(r.used_quota)}
          </span>
        </div>
      ),
    },
    { id: "requests", header: t("col_requests"), cell: (r) => r.request_count },
    { id: "role", header: t("col_role"), cell: (r) => badge(roleLabel(r.role), "user-role") },
    { id: "status", header: t("col_status"), cell: (r) => badge(statusLabel(r), "user-status") },
    {
      id: "actions",
      header: t("col_actions"),
      cell: (r) => {
        if (r.DeletedAt) return <span className="text-muted">-</span>;
        if (!canManageUser(me, r))
          return (
            <span className="text-xs text-muted" data-testid="user-no-permission">
              {t("no_permission")}
            </span>
          );
        const actions = rowActions(me, r);
        const toggle = actions.includes("disable") ? "disable" : actions.includes("enable") ? "enable" : null;
        const more = actions.filter((a) => a !== "disable" && a !== "enable");
        return (
          <div className="flex items-center gap-1">
            <Button variant="outline" size="sm" onClick={() => onEdit(r)} data-testid="user-edit">
              {t("edit")}
            </Button>
            {toggle ? (
              <Button
                variant="outline"
                size="sm"
                className={toggle === "disable" ? "text-danger" : undefined}
                disabled={toggle === "enable" && r.status !== USER_STATUS.disabled}
                onClick={() => onAction(r, toggle)}
                data-testid={`user-${toggle}`}
              >
                {t(`action_${toggle}`)}
              </Button>
            ) : null}
            {more.length ? (
              <RowMenu
                label={t("more_actions")}
                data-testid="user-more"
                items={more.map((a) => ({
                  label: t(`action_${a}`),
                  onSelect: () => onAction(r, a),
                  danger: a === "delete",
                  testId: `user-${a}`,
                }))}
              />
            ) : null}
          </div>
        );
      },
    },
  ];
}
