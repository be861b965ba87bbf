"use client";

// /playground: settings on the left (a toggle shows them on phones), the conversation on
// the right. Replies stream from POST /pg/chat/completions, billed to the signed-in user.
import { Eraser, SlidersHorizontal, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { ChatInput } from "@/modules/playground/components/chat-input";
import { MessageList } from "@/modules/playground/components/message-list";
import { SettingsPanel } from "@/modules/playground/components/settings-panel";
import { usePlaygroundChat } from "@/modules/playground/components/use-playground-chat";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { cn } from "@/lib/client/cn";
import { hardNavigate } from "@/lib/client/navigate";
import { usePlaygroundModels } from "@/modules/playground/client/hooks";
import { useSelfGroups } from "@/lib/client/user-self";
import { useCopy } from "@/components/use-copy";
import { pickGroup, pickModel, STREAM_RECONNECT } from "@/modules/playground/chat/chat-state";

export function PlaygroundClient() {
  const t = useTranslations("playground");
  const search = useSearchParams();
  const [panelOpen, setPanelOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const { copy, copyDialog } = useCopy();

  const onInvalidStoredData = useCallback(() => toast.error(t("data_parse_failed")), [t]);
  const onUnauthorized = useCallback(
    () => hardNavigate(`/login?expired=true&returnTo=${encodeURIComponent("/playground")}`),
    [],
  );
  const chat = usePlaygroundChat({
    greeting: t("greeting"),
    reply: t("greeting_reply"),
    onInvalidStoredData,
    onUnauthorized,
  });

  // The playground URL's expired flag means the session ran out.
  const expiredShown = useRef(false);
  const expired = search.get("expired");
  useEffect(() => {
    if (expired && !expiredShown.current) {
      expiredShown.current = true;
      toast.error(t("expired"));
    }
  }, [expired, t]);

  const groups = useSelfGroups();
  const groupNames = groups.data ? Object.keys(groups.data) : undefined;
  const group = pickGroup(chat.settings.group, groupNames);
  // "" is the user's own group, listed first: its models, not those of every usable group
  const models = usePlaygroundModels(group || groupNames?.[0] || "", !groups.isPending);
  const modelList = models.data ?? [];
  const model = pickModel(chat.settings.model, models.data);
  const streaming = chat.streamingId !== null;

  const panel = (
    <SettingsPanel
      settings={{ ...chat.settings, group }}
      onChange={chat.setSettings}
      groups={groups.data}
      groupsLoading={groups.isPending}
      models={modelList}
      modelsLoading={models.isPending}
      model={model}
    />
  );

  return (
    <div className="relative flex h-[calc(100dvh-3.5rem)] min-h-[28rem]" data-testid="playground">
      <aside
        className={cn(
          "flex-col overflow-y-auto border-border bg-surface",
          panelOpen ? "absolute inset-0 z-20 flex" : "hidden",
          "min-[601px]:static min-[601px]:flex min-[601px]:w-80 min-[601px]:shrink-0 min-[601px]:border-r",
        )}
        data-testid="pg-panel"
        data-open={panelOpen}
      >
        <div className="flex items-center justify-between border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">{t("settings_title")}</h2>
          <Button
            variant="ghost"
            size="icon"
            className="min-[601px]:hidden"
            onClick={() => setPanelOpen(false)}
            aria-label={t("settings_close")}
            data-testid="pg-panel-close"
          >
            <X className="h-4 w-4" />
          </Button>
        </div>
        <div className="p-4">{panel}</div>
      </aside>

      <section className="flex min-w-0 flex-1 flex-col" aria-label={t("chat_title")}>
        <header className="flex items-center gap-2 border-b border-border px-3 py-2.5 min-[601px]:px-6">
          <Button
            variant="outline"
            size="sm"
            className="min-[601px]:hidden"
            onClick={() => setPanelOpen(true)}
            aria-expanded={panelOpen}
            data-testid="pg-panel-toggle"
          >
            <SlidersHorizontal className="h-4 w-4" aria-hidden />
            {t("settings_toggle")}
          </Button>
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold max-[600px]:sr-only">{t("title")}</h1>
            <p className="truncate text-xs text-muted" data-testid="pg-current-model">
              {model}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setConfirmClear(true)}
            disabled={chat.messages.length === 0 && !streaming}
            data-testid="pg-clear"
          >
            <Eraser className="h-4 w-4" aria-hidden />
            {t("clear")}
          </Button>
        </header>
        <MessageList messages={chat.messages} streamingId={chat.streamingId} onCopy={(text) => void copy(text)} />
        {chat.reconnecting > 0 ? (
          <p className="px-4 pb-2 text-xs text-muted" role="status" data-testid="pg-reconnecting">
            {t("reconnecting", { delay: STREAM_RECONNECT.delayMs, attempt: chat.reconnecting })}
          </p>
        ) : null}
        <ChatInput
          streaming={streaming}
          onSend={(text) => chat.send(text, { ...chat.settings, group, model })}
          onStop={chat.stop}
        />
      </section>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t("clear_confirm_title")}
        description={t("clear_confirm_description")}
        confirmLabel={t("clear")}
        danger
        onConfirm={() => {
          chat.clear();
          setConfirmClear(false);
        }}
        data-testid="pg-clear"
      />
      {copyDialog}
    </div>
  );
}
