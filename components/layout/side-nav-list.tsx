"use client";

// The sidebar's groups and links, shared by the desktop sidebar and the mobile drawer.
import {
  ChevronDown,
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
  Crown,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { Fragment, useState } from "react";
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
  subscriptions: Crown,
  messages: Megaphone,
  users: Users,
  settings: Settings,
  wallet: Wallet,
  me: UserRound,
};

type Props = { groups: SideGroup[]; pathname: string; collapsed?: boolean; onNavigate?: () => void };

type LinkProps = { item: SideItem; pathname: string; collapsed: boolean; nested?: boolean; onNavigate?: () => void };

function NavLink({ item, pathname, collapsed, nested = false, onNavigate }: LinkProps) {
  const t = useTranslations("shell.side");
  const Icon = ICONS[item.icon];
  const label = "labelKey" in item ? t(item.labelKey) : item.label;
  const active = isActiveHref(pathname, item.href);
  return (
    <AppLink
      href={item.href}
      onClick={onNavigate}
      aria-current={active ? "page" : undefined}
      title={collapsed ? label : undefined}
      data-testid={`side-item-${item.href}`}
      className={cn(
        "group flex h-9 items-center gap-3 rounded-md px-3 text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        collapsed && "justify-center px-0",
        nested && !collapsed && "pl-9",
        active ? "bg-primary/10 font-medium text-primary" : "text-muted hover:bg-surface-muted hover:text-foreground",
      )}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden />
      <span className={cn("truncate", collapsed && "sr-only")}>{label}</span>
    </AppLink>
  );
}

/** The Chat sub-menu under Playground: a toggle, then one link per stored chat. */
function Submenu({ item, pathname, collapsed, onNavigate }: Omit<LinkProps, "nested">) {
  const t = useTranslations("shell.side");
  const [open, setOpen] = useState(true);
  const menu = item.submenu!;
  const Icon = ICONS[menu.icon];
  // A collapsed sidebar has no room for a tree: the chats stay reachable as icons.
  if (collapsed)
    return menu.items.map((child) => (
      <NavLink key={child.href} item={child} pathname={pathname} collapsed onNavigate={onNavigate} />
    ));
  return (
    <div className="flex flex-col gap-0.5" data-testid="side-submenu-chat">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex h-9 items-center gap-3 rounded-md pr-3 pl-9 text-sm text-muted transition-colors hover:bg-surface-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        data-testid="side-submenu-chat-toggle"
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1 truncate text-left">{t(menu.labelKey)}</span>
        <ChevronDown className={cn("h-4 w-4 shrink-0 transition-transform", !open && "-rotate-90")} aria-hidden />
      </button>
      {open ? (
        <div className="flex flex-col gap-0.5 pl-6">
          {menu.items.map((child) => (
            <NavLink
              key={child.href}
              item={child}
              pathname={pathname}
              collapsed={false}
              nested
              onNavigate={onNavigate}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function SideNavList({ groups, pathname, collapsed = false, onNavigate }: Props) {
  const t = useTranslations("shell.side");
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
          {group.items.map((item) => (
            <Fragment key={item.href}>
              <NavLink item={item} pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} />
              {item.submenu ? (
                <Submenu item={item} pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} />
              ) : null}
            </Fragment>
          ))}
        </div>
      ))}
    </div>
  );
}
