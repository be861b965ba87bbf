"use client";

import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";

/** The body format tag: markdown or html (anything else reads as plain text). */
export function FormatBadge({ format }: { format: string }) {
  const t = useTranslations("admin_messages.format");
  if (format === "html")
    return (
      <Badge tone="info" data-testid="format-badge">
        {t("html")}
      </Badge>
    );
  if (format === "markdown")
    return (
      <Badge tone="neutral" data-testid="format-badge">
        {t("markdown")}
      </Badge>
    );
  return <Badge data-testid="format-badge">{t("plain")}</Badge>;
}
