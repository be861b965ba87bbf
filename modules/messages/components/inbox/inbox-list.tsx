"use client";

// /app/inbox: the caller's messages with an unread tag, time and a preview;
// pagination with the total; the page size is remembered locally as message-page-size.
import { Inbox as InboxIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { AppLink } from "@/components/ui/app-link";
import { Badge } from "@/components/ui/badge";
import { PagingBar } from "@/components/ui/pagination";
import { cn } from "@/lib/client/cn";
import { useInboxMessages } from "@/modules/messages/client/inbox/use-inbox-messages";
import { usePaging } from "@/lib/client/use-page-size";
import { formatDateTime, formatRecentTime } from "@/lib/format-time";
import { messagePreview } from "@/modules/messages/message-preview";
import { InboxLoadFailed } from "@/modules/messages/components/inbox/inbox-load-failed";

export const MESSAGE_PAGE_SIZE_KEY = "message-page-size";

export function InboxList() {
  const t = useTranslations("admin_messages.inbox");
  const locale = useLocale();
  const paging = usePaging(MESSAGE_PAGE_SIZE_KEY, 10);
  const { page, pageSize } = paging;
  const { data, isPending, isError, refetch, isFetching } = useInboxMessages(page, pageSize);

  if (isError && !data)
    return <InboxLoadFailed onRetry={() => void refetch()} retrying={isFetching} testId="inbox-error" />;

  if (isPending)
    return (
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="space-y-2 px-4 py-4">
            <div className="h-4 w-1/3 animate-pulse rounded bg-surface-muted" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-surface-muted" />
          </li>
        ))}
      </ul>
    );

  if (data.total === 0)
    return (
      <div
        className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border bg-surface px-4 py-16 text-center"
        data-testid="inbox-empty"
      >
        <InboxIcon className="h-8 w-8 text-muted" aria-hidden />
        <p className="font-medium">{t("empty")}</p>
        <p className="text-sm text-muted">{t("empty_hint")}</p>
      </div>
    );

  return (
    <div>
      <ul
        className={cn("divide-y divide-border rounded-lg border border-border bg-surface", isFetching && "opacity-70")}
        data-testid="inbox-list"
      >
        {data.items.map((m) => (
          <li key={m.id}>
            <AppLink
              href={`/app/inbox/${m.id}`}
              className="flex flex-col gap-1 px-4 py-3 transition-colors hover:bg-surface-muted/60 focus-visible:bg-surface-muted focus-visible:outline-none"
              data-testid="inbox-item"
              data-message-id={m.id}
              data-read={m.is_read}
            >
              <div className="flex items-center gap-2">
                {m.is_read ? null : (
                  <Badge tone="danger" data-testid="inbox-unread">
                    {t("unread")}
                  </Badge>
                )}
                <span className={cn("min-w-0 flex-1 truncate", m.is_read ? "text-foreground" : "font-semibold")}>
                  {m.title}
                </span>
                <time
                  dateTime={m.created_at}
                  title={formatDateTime(m.created_at)}
                  className="shrink-0 text-xs text-muted tabular-nums"
                >
                  {formatRecentTime(m.created_at, locale)}
                </time>
              </div>
              <p className="line-clamp-2 text-sm break-words text-muted" data-testid="inbox-preview">
                {messagePreview(m.content, m.format)}
              </p>
            </AppLink>
          </li>
        ))}
      </ul>
      <PagingBar paging={paging} total={data.total} data-testid="inbox-pagination" />
    </div>
  );
}
