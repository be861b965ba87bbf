"use client";

// Who is signed in (avatar initial, display name, username, role label, group) and the three
// account figures: balance, historical consumption, request count.
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { useQuotaText } from "@/modules/profile/components/use-quota-text";
import { QuotaAmount } from "@/components/admin/quota-amount";
import type { SelfProfile } from "@/modules/profile/client/api";
import { ROLE } from "@/lib/constants";

type RoleKey = "role_root" | "role_admin" | "role_user" | "role_unknown";

/** 1 normal user, 10 admin, 100 super admin, otherwise unknown. */
export function roleLabelKey(role: number): RoleKey {
  if (role === ROLE.root) return "role_root";
  if (role === ROLE.admin) return "role_admin";
  if (role === ROLE.user) return "role_user";
  return "role_unknown";
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-3 sm:p-5">
      <span className="text-xs text-muted sm:text-sm">{label}</span>
      <span className="truncate text-lg font-semibold tracking-tight sm:text-2xl" data-testid={testId}>
        {value}
      </span>
    </Card>
  );
}

export function AccountSummary({ self }: { self: SelfProfile }) {
  const t = useTranslations("me");
  const quota = useQuotaText();
  const name = self.display_name || self.username;
  const initial = name.trim().charAt(0).toUpperCase() || "?";
  const roleKey = roleLabelKey(self.role);
  return (
    <div className="flex flex-col gap-4" data-testid="me-summary">
      <Card className="flex items-center gap-4 p-4 sm:p-5">
        <span
          aria-hidden
          className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
        >
          {initial}
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="truncate text-lg font-semibold" data-testid="me-display-name">
              {name}
            </h2>
            <Badge tone={roleKey === "role_user" ? "neutral" : "info"} data-testid="me-role">
              {t(roleKey)}
            </Badge>
          </div>
          <p className="flex flex-wrap gap-x-3 text-sm text-muted">
            <span className="truncate" data-testid="me-username">
              @{self.username}
            </span>
            <span>{t("group", { group: self.group })}</span>
          </p>
        </div>
      </Card>
      <div className="grid grid-cols-3 gap-2 sm:gap-4">
        <Stat label={t("balance")} value={<QuotaAmount quota={self.quota} />} testId="me-balance" />
        <Stat label={t("used")} value={quota(self.used_quota)} testId="me-used" />
        <Stat label={t("requests")} value={self.request_count.toLocaleString()} testId="me-requests" />
      </div>
    </div>
  );
}
