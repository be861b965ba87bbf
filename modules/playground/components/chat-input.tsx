"use client";

// The message box: Enter sends, Shift+Enter breaks the line (and Enter while an input method is
// composing — Chinese, Japanese — only confirms the composition). While a reply streams, Stop.
import { Send, Square } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/input";

export function ChatInput({
  streaming,
  onSend,
  onStop,
}: {
  streaming: boolean;
  /** Resolves false when the text was not sent (so it stays in the box). */
  onSend: (text: string) => Promise<boolean> | boolean;
  onStop: () => void;
}) {
  const t = useTranslations("playground");
  const [draft, setDraft] = useState("");
  const canSend = !streaming && draft.trim() !== "";

  const submit = () => {
    if (!canSend) return;
    const text = draft;
    setDraft("");
    void Promise.resolve(onSend(text)).then((sent) => {
      if (!sent) setDraft((d) => d || text);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="border-t border-border bg-surface px-3 py-3 min-[601px]:px-6">
      <div className="mx-auto flex max-w-3xl items-end gap-2">
        <Textarea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={t("input_placeholder")}
          aria-label={t("input_label")}
          className="max-h-48 min-h-11 resize-none"
          data-testid="pg-input"
        />
        {streaming ? (
          <Button variant="outline" onClick={onStop} data-testid="pg-stop" className="h-11 shrink-0">
            <Square className="h-4 w-4" aria-hidden />
            <span className="max-[600px]:sr-only">{t("stop")}</span>
          </Button>
        ) : (
          <Button onClick={submit} disabled={!canSend} data-testid="pg-send" className="h-11 shrink-0">
            <Send className="h-4 w-4" aria-hidden />
            <span className="max-[600px]:sr-only">{t("send")}</span>
          </Button>
        )}
      </div>
    </div>
  );
}
