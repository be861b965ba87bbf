"use client";

import { Menu } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog, DialogTrigger, DrawerContent } from "@/components/ui/dialog";
import { ModeBadge } from "@/components/layout/mode-badge";
import type { NavStatus, SideGroup, TopLink } from "@/components/layout/nav-items";
import { SideNavList } from "@/components/layout/side-nav-list";
import { TopLinks } from "@/components/layout/top-links";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  status: NavStatus;
  links: TopLink[];
  groups: SideGroup[];
  pathname: string;
};

/** On phones (≤ 600 px) the top links and the sidebar move into this left drawer. */
export function MobileNavDrawer({ open, onOpenChange, title, status, links, groups, pathname }: Props) {
  const t = useTranslations("shell.top");
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="shrink-0 min-[601px]:hidden"
          data-testid="mobile-menu-button"
          aria-label={t("open_menu")}
        >
          <Menu className="h-5 w-5" aria-hidden />
        </Button>
      </DialogTrigger>
      <DrawerContent side="left" title={title} closeLabel={t("close_menu")} className="w-[min(18rem,85vw)] max-w-none">
        <nav aria-label={t("menu")} className="-mx-3 flex flex-col gap-4" data-testid="mobile-nav">
          <ModeBadge status={status} className="mx-3 self-start" />
          <TopLinks links={links} pathname={pathname} vertical onNavigate={close} />
          {groups.length > 0 ? (
            <>
              <div className="h-px bg-border" aria-hidden />
              <SideNavList groups={groups} pathname={pathname} onNavigate={close} />
            </>
          ) : null}
        </nav>
      </DrawerContent>
    </Dialog>
  );
}
