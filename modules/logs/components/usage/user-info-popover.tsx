"use client";

import * as Popover from "@radix-ui/react-popover";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { useSite } from "@/components/providers/site-context";
import { useUserInfo } from "@/modules/logs/client/usage/hooks";
import { formatQuota } from "@/lib/format";
import { QuotaAmount } from "@/components/admin/quota-amount";

/** Admins open a log row's user to see who it is (user info from a log row). */
export function UserInfoPopover({ userId, username }: { userId: number; username: string }) {
  const t = useTranslations("logs");
  const tc = useTranslations("common");
  const { status } = useSite();
  const [open, setOpen] = useState(false);
  const info = useUserInfo(open ? userId : null);
  const quota = (q: number) =>
    formatQuota(q, { inCurrency: status.display_in_currency, quotaPerUnit: status.quota_per_unit });
  const rows: [string, ReactNode][] = info.data
    ? [
        [t("user_info_display_name"), info.data.display_name],
        [t("user_info_group"), info.data.group],
        [t("user_info_quota"), <QuotaAmount key="quota" quota={info.data.quota} />],
        [t("user_info_used"), quota(info.data.used_quota)],
        [t("user_info_requests"), String(info.data.request_count)],
        [t("user_info_email"), info.data.email],
      ]
    : [];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button type="button" className="text-primary hover:underline" data-testid="log-user">
          {username}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          className="z-50 w-64 rounded-md border border-border bg-surface p-3 text-sm shadow-lg"
          data-testid="log-user-info"
        >
          <p className="mb-2 font-semibold">
            {t("user_info")} · {username} (#{userId})
          </p>
          {info.isLoading ? <p className="text-muted">{tc("loading")}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="truncate">{value || "-"}</dd>
              </div>
            ))}
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
