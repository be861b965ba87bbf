"use client";

import { useTranslations } from "next-intl";
import { siteModeBadge, type NavStatus } from "@/components/layout/nav-items";
import { cn } from "@/lib/client/cn";

export function ModeBadge({
  status,
  className,
}: {
  status: Pick<NavStatus, "self_use_mode_enabled" | "demo_site_enabled">;
  className?: string;
}) {
  const t = useTranslations("shell.mode");
  const mode = siteModeBadge(status);
  if (!mode) return null;
  return (
    <span
      data-testid="mode-badge"
      className={cn(
        "inline-flex h-6 items-center rounded-full border px-2 text-xs font-medium whitespace-nowrap",
        mode === "demo"
          ? "border-warning/40 bg-warning/10 text-warning"
          : "border-primary/30 bg-primary/10 text-primary",
        className,
      )}
    >
      {mode === "demo" ? t("demo") : t("self_use")}
    </span>
  );
}
