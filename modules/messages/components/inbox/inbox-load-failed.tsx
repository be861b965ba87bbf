"use client";

// The inbox list and the message view say the same thing when their read fails: the error and a retry.
import { RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function InboxLoadFailed({
  onRetry,
  retrying,
  testId,
}: {
  onRetry: () => void;
  retrying: boolean;
  testId: string;
}) {
  const t = useTranslations("admin_messages.inbox");
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-border bg-surface px-4 py-12 text-center">
      <p className="text-sm text-danger" data-testid={testId}>
        {t("load_failed")}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        <RefreshCw className="h-4 w-4" aria-hidden />
        {t("retry")}
      </Button>
    </div>
  );
}
