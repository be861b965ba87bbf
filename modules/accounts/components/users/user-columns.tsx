"use client";

import { MoreHorizontal } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSite } from "@/components/providers/site-context";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { canManageUser, roleLabel, rowActions, statusLabel, type RowAction } from "@/modules/accounts/components/users/user-labels";
import type { AdminUser } from "@/modules/accounts/client/users/api";
import { formatQuota } from "@/lib/format";

export type UserRowHandlers = {
  onEdit: (user: AdminUser) => void;
  onAction: (user: AdminUser, action: RowAction) => void;
};

export function useUserColumns({ onEdit, onAction }: UserRowHandlers): Column<AdminUser>[] {
  const t = useTranslations("users");
  const { status, user: me } = useSite();
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  return [
    { id: "id", header: t("col_id"), cell: (r) => <span className="text-muted">{r.id}</span> },
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
            <span className="text-muted">{t("balance")}</span> <span data-testid="user-balance">{quota(r.quota)}</span>
          </span>
          <span>
            <span className="text-muted">{t("used")}</span> {quota(r.used_quota)}
          </span>
        </div>
      ),
    },
    { id: "requests", header: t("col_requests"), cell: (r) => r.request_count },
    {
      id: "role",
      header: t("col_role"),
      cell: (r) => {
        const l = roleLabel(r.role);
        return (
          <Badge tone={l.tone} data-testid="user-role">
            {t(l.key)}
          </Badge>
        );
      },
    },
    {
      id: "status",
      header: t("col_status"),
      cell: (r) => {
        const l = statusLabel(r);
        return (
          <Badge tone={l.tone} data-testid="user-status">
            {t(l.key)}
          </Badge>
        );
      },
    },
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
                disabled={toggle === "enable" && r.status !== 2}
                onClick={() => onAction(r, toggle)}
                data-testid={`user-${toggle}`}
              >
                {t(`action_${toggle}`)}
              </Button>
            ) : null}
            {more.length ? (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="h-8 w-8"
                    aria-label={t("more_actions")}
                    data-testid="user-more"
                  >
                    <MoreHorizontal className="h-4 w-4" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent>
                  {more.map((a) => (
                    <DropdownMenuItem
                      key={a}
                      className={a === "delete" ? "text-danger" : undefined}
                      onSelect={() => onAction(r, a)}
                      data-testid={`user-${a}`}
                    >
                      {t(`action_${a}`)}
                    </DropdownMenuItem>
                  ))}
                </DropdownMenuContent>
              </DropdownMenu>
            ) : null}
          </div>
        );
      },
    },
  ];
}
