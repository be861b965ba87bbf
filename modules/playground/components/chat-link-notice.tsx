"use client";

// What a chat page shows while its link is not there: loading, or why it cannot be.
import { Loader2, TriangleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import type { ChatLinkState } from "@/modules/playground/components/use-chat-link";
import { Button } from "@/components/ui/button";

export function ChatLinkNotice({ state, loadingText }: { state: ChatLinkState; loadingText?: string }) {
  const t = useTranslations("playground");
  if (state.kind === "loading" || state.kind === "ready") {
    return (
      <div className="flex flex-1 items-center justify-center gap-2 p-8 text-sm text-muted" data-testid="chat-loading">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
        {loadingText ?? t("chat_loading")}
      </div>
    );
  }
  const text =
    state.kind === "config_error"
      ? t("chat_link_error")
      : state.kind === "no_token"
        ? t("no_enabled_token")
        : t("chat_key_failed");
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <div
        className="flex max-w-md flex-col items-center gap-3 text-center"
        data-testid="chat-error"
        data-kind={state.kind}
      >
        <TriangleAlert className="h-8 w-8 text-warning" aria-hidden />
        <p className="text-sm">{text}</p>
        {state.kind === "no_token" ? (
          <Button asChild size="sm" variant="outline">
            <AppLink href="/app/tokens">{t("go_tokens")}</AppLink>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
