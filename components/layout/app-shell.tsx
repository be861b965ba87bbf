"use client";

// The console frame around every page: top bar, sidebar (desktop) or drawer (phones), footer.
import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { buildSideNav, isSideNavHidden } from "@/components/layout/nav-items";
import { NewYearEgg } from "@/components/layout/new-year-egg";
import { SideNav } from "@/components/layout/side-nav";
import { SiteFooter } from "@/components/layout/site-footer";
import { TopNav } from "@/components/layout/top-nav";
import { usePersistStatus } from "@/components/layout/use-persist-status";
import { useStoredFlag } from "@/components/layout/use-stored-flag";
import { useSite } from "@/components/providers/site-context";

export function AppShell({ children }: { children: ReactNode }) {
  const t = useTranslations("shell");
  const { status, user } = useSite();
  const pathname = usePathname() ?? "/";
  const [collapsed, setCollapsed] = useStoredFlag("default_collapse_sidebar", status.default_collapse_sidebar);
  usePersistStatus(status);

  const systemName = status.system_name || t("default_name");
  const groups = user ? buildSideNav(status, user) : [];
  const sideHidden = isSideNavHidden(pathname, user);
  const onSetup = pathname === "/setup" || pathname.startsWith("/setup/");

  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav
        status={status}
        systemName={systemName}
        user={user}
        pathname={pathname}
        drawerGroups={onSetup ? [] : groups}
      />
      <div className="flex flex-1">
        {sideHidden ? null : (
          <SideNav
            groups={groups}
            pathname={pathname}
            collapsed={collapsed}
            onToggle={() => setCollapsed(!collapsed)}
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" className="flex min-w-0 flex-1 flex-col">
            {children}
          </main>
          <SiteFooter footerHtml={status.footer_html} systemName={systemName} />
        </div>
      </div>
      <NewYearEgg />
    </div>
  );
}
