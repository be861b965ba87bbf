"use client";

import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useState } from "react";
import { InboxBell } from "@/components/layout/inbox-bell";
import { LanguageMenu } from "@/components/layout/language-menu";
import { MobileNavDrawer } from "@/components/layout/mobile-nav-drawer";
import { ModeBadge } from "@/components/layout/mode-badge";
import { buildTopLinks, shouldShowRegister, type NavStatus, type SideGroup } from "@/components/layout/nav-items";
import { SiteLogo } from "@/components/layout/site-logo";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { TopLinks } from "@/components/layout/top-links";
import { UserMenu } from "@/components/layout/user-menu";
import { useIsMobile } from "@/components/layout/use-is-mobile";
import { Button } from "@/components/ui/button";
import type { StoredUser } from "@/lib/client/storage";

type Props = {
  status: NavStatus & { logo: string };
  systemName: string;
  user: StoredUser | null;
  pathname: string;
  /** Sidebar groups for the phone drawer; empty where the sidebar does not apply. */
  drawerGroups: SideGroup[];
};

export function TopNav({ status, systemName, user, pathname, drawerGroups }: Props) {
  const t = useTranslations("shell");
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const links = buildTopLinks(status, user);
  const showRegister = shouldShowRegister(status, isMobile);

  return (
    <header
      data-testid="top-nav"
      className="sticky top-0 z-40 h-14 border-b border-border bg-surface/85 backdrop-blur supports-[backdrop-filter]:bg-surface/70"
    >
      <div className="flex h-full items-center gap-2 px-2 min-[601px]:gap-4 min-[601px]:px-4">
        <MobileNavDrawer
          open={drawerOpen}
          onOpenChange={setDrawerOpen}
          title={systemName}
          status={status}
          links={links}
          groups={drawerGroups}
          pathname={pathname}
        />
        <div className="max-w-[12rem] min-w-0 shrink">
          <SiteLogo name={systemName} logo={status.logo} />
        </div>
        <nav aria-label={t("top.primary_navigation")} className="hidden min-[601px]:block">
          <TopLinks links={links} pathname={pathname} />
        </nav>

        <div className="ml-auto flex shrink-0 items-center gap-0.5 min-[601px]:gap-1">
          {/* Shown at every width; narrower on phones so the bar still fits. */}
          <ModeBadge status={status} className="mr-1 max-[600px]:mr-0.5 max-[600px]:px-1.5 max-[600px]:text-[11px]" />
          <ThemeToggle />
          <LanguageMenu />
          {user ? (
            <>
              <InboxBell />
              <UserMenu user={user} />
            </>
          ) : (
            <>
              <Button asChild variant="ghost" size="sm" data-testid="nav-login">
                <AppLink href="/login">{t("actions.login")}</AppLink>
              </Button>
              {showRegister ? (
                <Button asChild size="sm" className="max-[600px]:hidden" data-testid="nav-register">
                  <AppLink href="/register">{t("actions.register")}</AppLink>
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
