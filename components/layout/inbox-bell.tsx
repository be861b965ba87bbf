"use client";

import { Bell } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { formatUnreadBadge } from "@/components/layout/nav-items";
import { useUnreadCount } from "@/components/layout/use-unread-count";
import { cn } from "@/lib/client/cn";

export function InboxBell() {
  const t = useTranslations("shell.actions");
  const { data } = useUnreadCount(true);
  const badge = formatUnreadBadge(data);
  const label = badge ? t("inbox_unread", { count: badge }) : t("inbox");
  return (
    <AppLink
      href="/app/inbox"
      data-testid="inbox-bell"
      aria-label={label}
      title={label}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-foreground transition-colors hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <Bell className="h-4 w-4" aria-hidden />
      {badge ? (
        <span
          data-testid="inbox-badge"
          className={cn(
            "absolute top-1 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-danger px-1 text-[10px] leading-none font-semibold text-white",
            badge.length > 2 && "right-[-4px]",
          )}
        >
          {badge}
        </span>
      ) : null}
    </AppLink>
  );
}
