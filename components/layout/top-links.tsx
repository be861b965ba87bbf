"use client";

import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { isActiveHref, type TopLink } from "@/components/layout/nav-items";
import { cn } from "@/lib/client/cn";

type Props = { links: TopLink[]; pathname: string; vertical?: boolean; onNavigate?: () => void };

export function TopLinks({ links, pathname, vertical = false, onNavigate }: Props) {
  const t = useTranslations("shell.top");
  return (
    <ul className={cn("flex", vertical ? "flex-col gap-0.5" : "items-center gap-1")}>
      {links.map((link) => {
        const active = !link.external && isActiveHref(pathname, link.href);
        const className = cn(
          "flex items-center gap-1.5 rounded-md text-sm transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
          vertical ? "h-9 px-3" : "h-8 px-3",
          active
            ? "bg-surface-muted font-medium text-foreground"
            : "text-muted hover:bg-surface-muted hover:text-foreground",
        );
        return (
          <li key={link.labelKey}>
            {link.external ? (
              <a href={link.href} target="_blank" rel="noopener noreferrer" className={className} onClick={onNavigate}>
                {t(link.labelKey)}
                <ExternalLink className="h-3 w-3 opacity-60" aria-hidden />
              </a>
            ) : (
              <AppLink
                href={link.href}
                aria-current={active ? "page" : undefined}
                className={className}
                onClick={onNavigate}
              >
                {t(link.labelKey)}
              </AppLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
