"use client";

import { PanelLeftClose, PanelLeftOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import type { SideGroup } from "@/components/layout/nav-items";
import { SideNavList } from "@/components/layout/side-nav-list";
import { cn } from "@/lib/client/cn";

type Props = { groups: SideGroup[]; pathname: string; collapsed: boolean; onToggle: () => void };

/** Desktop sidebar: 224 px, or a 64 px icon rail when collapsed. Phones use the drawer instead. */
export function SideNav({ groups, pathname, collapsed, onToggle }: Props) {
  const t = useTranslations("shell.side");
  const toggleLabel = collapsed ? t("expand") : t("collapse");
  return (
    <aside
      data-testid="side-nav"
      data-collapsed={collapsed ? "true" : "false"}
      aria-label={t("navigation")}
      className={cn(
        "sticky top-14 hidden h-[calc(100dvh-3.5rem)] shrink-0 flex-col border-r border-border bg-surface transition-[width] duration-200 min-[601px]:flex",
        collapsed ? "w-16" : "w-56",
      )}
    >
      <nav className={cn("flex-1 overflow-x-hidden overflow-y-auto py-4", collapsed ? "px-2" : "px-3")}>
        <SideNavList groups={groups} pathname={pathname} collapsed={collapsed} />
      </nav>
      <div className={cn("border-t border-border p-2", collapsed ? "flex justify-center" : "flex justify-end")}>
        <button
          type="button"
          data-testid="side-nav-toggle"
          onClick={onToggle}
          aria-label={toggleLabel}
          aria-expanded={!collapsed}
          title={toggleLabel}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md text-muted transition-colors hover:bg-surface-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {collapsed ? (
            <PanelLeftOpen className="h-4 w-4" aria-hidden />
          ) : (
            <PanelLeftClose className="h-4 w-4" aria-hidden />
          )}
        </button>
      </div>
    </aside>
  );
}
