"use client";

// The conversation: user turns as plain text, replies as safe markdown (modules/messages/components/inbox's renderer:
// raw HTML stays text), each reply marked with its state (loading → incomplete →
// complete / error). Follows the newest text while the reader is at the bottom.
import { Bot, Copy, User } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { MarkdownView } from "@/components/markdown-view";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/client/cn";
import type { ChatMessage } from "@/modules/playground/chat/chat-state";

function Typing({ label }: { label: string }) {
  return (
    <span className="inline-flex items-center gap-1 text-muted" role="status" aria-label={label}>
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="h-1.5 w-1.5 animate-bounce rounded-full bg-current"
          style={{ animationDelay: `${i * 120}ms` }}
        />
      ))}
    </span>
  );
}

function MessageItem({
  message,
  streaming,
  onCopy,
}: {
  message: ChatMessage;
  streaming: boolean;
  onCopy: (text: string) => void;
}) {
  const t = useTranslations("playground");
  const isUser = message.role === "user";
  const Icon = isUser ? User : Bot;
  return (
    <li
      className={cn("flex gap-3", isUser && "flex-row-reverse")}
      data-testid="pg-message"
      data-role={message.role}
      data-status={message.status}
    >
      <span
        className={cn(
          "mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full",
          isUser ? "bg-primary text-primary-foreground" : "bg-surface-muted text-foreground",
        )}
        aria-hidden
      >
        <Icon className="h-4 w-4" />
      </span>
      <div className={cn("flex max-w-[85%] min-w-0 flex-col gap-1", isUser && "items-end")}>
        <span className="text-xs text-muted">{isUser ? t("role_user") : t("role_assistant")}</span>
        <div
          className={cn(
            "rounded-lg px-3.5 py-2.5 text-sm",
            isUser ? "bg-primary/10" : "border border-border bg-surface",
            message.status === "error" && "border-danger/40 bg-danger/5",
          )}
          data-testid="pg-message-content"
        >
          {message.status === "loading" && !message.content ? (
            <Typing label={t("status_loading")} />
          ) : isUser || message.status === "error" ? (
            <p className="break-words whitespace-pre-wrap">{message.content}</p>
          ) : (
            <MarkdownView source={message.content} />
          )}
        </div>
        {streaming && message.status === "incomplete" ? <Typing label={t("status_loading")} /> : null}
        {!isUser && message.status !== "loading" && !streaming ? (
          <div className="flex items-center gap-2">
            {message.status === "error" ? <Badge tone="danger">{t("status_error")}</Badge> : null}
            {message.status === "incomplete" ? <Badge tone="warning">{t("status_interrupted")}</Badge> : null}
            {message.content ? (
              <button
                type="button"
                onClick={() => onCopy(message.content)}
                className="inline-flex items-center gap-1 rounded px-1 text-xs text-muted hover:text-foreground"
                data-testid="pg-message-copy"
              >
                <Copy className="h-3 w-3" aria-hidden />
                {t("copy")}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function MessageList({
  messages,
  streamingId,
  onCopy,
}: {
  messages: ChatMessage[];
  streamingId: string | null;
  onCopy: (text: string) => void;
}) {
  const t = useTranslations("playground");
  const scroller = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const last = messages[messages.length - 1];

  useEffect(() => {
    const el = scroller.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.content, last?.status]);

  return (
    <div
      ref={scroller}
      className="min-h-0 flex-1 overflow-y-auto px-3 py-4 min-[601px]:px-6"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
      data-testid="pg-messages"
    >
      {messages.length === 0 ? (
        <p className="mt-16 text-center text-sm text-muted" data-testid="pg-empty">
          {t("empty")}
        </p>
      ) : (
        <ol className="mx-auto flex max-w-3xl flex-col gap-5">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} streaming={m.id === streamingId} onCopy={onCopy} />
          ))}
        </ol>
      )}
    </div>
  );
}
