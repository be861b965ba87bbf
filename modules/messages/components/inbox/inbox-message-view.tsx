"use client";

// /app/inbox/{id}: title, format tag (unless markdown), sent and read times, and the body. Opening
// an unread message marks it read, which also refreshes the bell. A message that does not exist (or
// is someone else's) shows 消息不存在 and returns to the inbox.
import { ArrowLeft } from "lucide-react";
import { useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { FormatBadge } from "@/modules/messages/components/inbox/format-badge";
import { MessageBody } from "@/modules/messages/components/inbox/message-body";
import { ApiError } from "@/lib/client/api";
import { useInboxMessage } from "@/modules/messages/client/inbox/use-inbox-message";
import { useMarkMessageRead } from "@/modules/messages/client/inbox/use-mark-message-read";
import { formatDateTime } from "@/lib/format-time";
import { InboxLoadFailed } from "@/modules/messages/components/inbox/inbox-load-failed";

export function InboxMessageView({ id }: { id: number }) {
  const t = useTranslations("admin_messages.inbox");
  const router = useRouter();
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isPending, refetch, isFetching } = useInboxMessage(id);
  const markRead = useMarkMessageRead();
  const markedId = useRef(0);
  const notFound = !valid || (error instanceof ApiError && error.status === 404);

  useEffect(() => {
    if (!notFound) return;
    toast.error(t("not_found"), { id: "inbox-not-found" });
    router.replace("/app/inbox");
  }, [notFound, router, t]);

  useEffect(() => {
    if (!data || data.is_read || markedId.current === data.id) return;
    markedId.current = data.id;
    markRead.mutate(data.id);
  }, [data, markRead]);

  const back = (
    <AppLink
      href="/app/inbox"
      className="mb-4 inline-flex items-center gap-1.5 text-sm text-muted hover:text-foreground"
      data-testid="inbox-back"
    >
      <ArrowLeft className="h-4 w-4" aria-hidden />
      {t("back")}
    </AppLink>
  );

  if (notFound) return back;
  if (error && !data)
    return (
      <div>
        {back}
        <InboxLoadFailed onRetry={() => void refetch()} retrying={isFetching} testId="inbox-message-error" />
      </div>
    );
  if (isPending || !data)
    return (
      <div aria-busy>
        {back}
        <div className="space-y-3 rounded-lg border border-border bg-surface p-6">
          <div className="h-6 w-1/2 animate-pulse rounded bg-surface-muted" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-surface-muted" />
          <div className="h-24 w-full animate-pulse rounded bg-surface-muted" />
        </div>
      </div>
    );

  return (
    <div>
      {back}
      <article className="rounded-lg border border-border bg-surface p-4 sm:p-6" data-testid="inbox-message">
        <header className="mb-4 border-b border-border pb-4">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words sm:text-xl">
            <span data-testid="inbox-message-title">{data.title}</span>
            {data.format === "markdown" ? null : <FormatBadge format={data.format} />}
          </h2>
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs text-muted">
            <div className="flex gap-1">
              <dt>{t("sent_at")}</dt>
              <dd data-testid="inbox-message-sent">{formatDateTime(data.created_at)}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t("read_at")}</dt>
              <dd data-testid="inbox-message-read">{data.read_at ? formatDateTime(data.read_at) : t("not_read")}</dd>
            </div>
          </dl>
        </header>
        <div data-testid="inbox-message-body">
          <MessageBody content={data.content} format={data.format} />
        </div>
      </article>
    </div>
  );
}
