"use client";

// The sidebar's groups and links, shared by the desktop sidebar and the mobile drawer.
import {
  FlaskConical,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Megaphone,
  MessageSquare,
  Network,
  Palette,
  ScrollText,
  Settings,
  Ticket,
  UserRound,
  Users,
  Wallet,
  type LucideIcon,
} from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { isActiveHref, type SideGroup, type SideItem, type SideItemIcon } from "@/components/layout/nav-items";
import { cn } from "@/lib/client/cn";

const ICONS: Record<SideItemIcon, LucideIcon> = {
  playground: FlaskConical,
  chat: MessageSquare,
  dashboard: LayoutDashboard,
  tokens: KeyRound,
  usage: ScrollText,
  drawing: Palette,
  tasks: ListChecks,
  channels: Network,
  coupons: Ticket,
  messages: Megaphone,
  users: Users,
  settings: Settings,
  wallet: Wallet,
  me: UserRound,
};

type Props = { groups: SideGroup[]; pathname: string; collapsed?: boolean; onNavigate?: () => void };

export function SideNavList({ groups, pathname, collapsed = false, onNavigate }: Props) {
  const t = useTranslations("shell.side");
  const labelOf = (item: SideItem) => ("labelKey" in item ? t(item.labelKey) : item.label);

  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <div key={group.id} className="flex flex-col gap-0.5" data-testid={`side-group-${group.id}`}>
          {group.titleKey ? (
            collapsed ? (
              <div className="mx-3 mb-1 h-px bg-border" aria-hidden />
            ) : (
              <p className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-muted uppercase">
                {t(group.titleKey)}
              </p>
            )
          ) : null}
          {group.items.map((item) => {
            const Icon = ICONS[item.icon];
            const label = labelOf(item);
            const active = isActiveHref(pathname, item.href);
            return (
              <Link
                key={item.href}
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                title={collapsed ? label : undefined}
                data-testid={`side-item-${item.href}`}
                className={cn(
                  "group flex h-9 items-center gap-3 rounded-md px-3 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  collapsed && "justify-center px-0",
                  active
                    ? "bg-primary/10 font-medium text-primary"
                    : "text-muted hover:bg-surface-muted hover:text-foreground",
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
              </Link>
            );
          })}
        </div>
      ))}
    </div>
  );
}
